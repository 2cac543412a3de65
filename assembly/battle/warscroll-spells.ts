// Warscroll spells (CORE-SPELLS, CORE-UNBIND), the kernel's twin of src/aos/battle/warscroll-spells.ts: the
// effect records of kinds SPELL_MORTAL (34) and SPELL_TURN (35) (encode.ts SPELL_KINDS), a spell's records one
// after the other (EF.SP_FIRST: the first's index). Cast like Metamorphosis (actions.ts castingRollValue), each
// spell once a phase for the army (effects.ts spellsCast). The same scripted rule: the first WIZARD by id that
// can cast, its spell with the highest score (ties: data order), its target the highest score, then the fewest
// wounds left, then the lowest id, among the visible units whom names (the first record's).
import { EF } from "./layout";
import { carriersLeft, castingRollValue } from "./actions";
import { attacksC, attacksP, attacksS, weaponAttacks } from "./commands";
import { efI, nEffects, setSpellsCast, spellsCast, whomHolds } from "./effects";
import { mortalScore, resolveMortal } from "./combat-abilities";
import { canSee } from "./paths";
import { resisted } from "./common";
import { deployed, deployedMask, deployedOf, markSpells, owner, setUi, ui, UI, wi, WI, woundsLeft } from "./state";
import { efMask, hasRec, recBit, setEfMask, UM } from "./state";

const SPELL_MORTAL: i32 = 34;
const SPELL_TURN: i32 = 35;

// The last spellOrder pick.
export let spCaster: i32 = -1;
export let spFirst: i32 = -1;
export let spTarget: i32 = -1;

// @ts-ignore: decorator
@inline function isSpell(k: i32): bool {
  const kind = efI(k, EF.KIND);
  return kind == SPELL_MORTAL || kind == SPELL_TURN;
}

// @ts-ignore: decorator
@inline function ofSpell(k: i32, first: i32): bool {
  return k < nEffects && isSpell(k) && efI(k, EF.SP_FIRST) == first;
}

/** warscroll-spells.ts modifierScore. */
function modifierScore(k: i32, caster: i32, x: i32): i32 {
  if ((efI(k, EF.VALUE) > 0) != (owner(x) == owner(caster))) return 0;
  if (((efMask(x, UM.EF_TURN) | efMask(x, UM.SPELL_UNTIL0) | efMask(x, UM.SPELL_UNTIL1)) & recBit(k)) != 0) return 0;
  const attack = efI(k, EF.ATTACK);
  const first = ui(x, UI.FIRST_WEAPON);
  const last = first + ui(x, UI.WEAPONS);
  let score = 0;
  for (let w = first; w < last; w++) {
    if (attack != 0 && (attack == 1) != (wi(w, WI.RANGED) == 0)) continue;
    weaponAttacks(w, x);
    score += (attacksC * (attacksS + 1) + 2 * attacksP) * carriersLeft(w, x);
  }
  return score;
}

/** warscroll-spells.ts spellScore: the sum over the spell's records that need no casting roll of at least N. */
function spellScore(first: i32, caster: i32, t: i32): i32 {
  let score = 0;
  for (let k = first; ofSpell(k, first); k++) {
    if (efI(k, EF.SP_ROLL_MIN) > 0) continue;
    if (efI(k, EF.KIND) == SPELL_MORTAL) score += owner(t) != owner(caster) ? mortalScore(k, caster, t) : 0;
    else score += modifierScore(k, caster, t);
  }
  return score;
}

let tBest: i32 = -1;
let tScore: i32 = 0;

/** warscroll-spells.ts spellTarget: into tBest / tScore (-1 / 0 none). */
function spellTarget(first: i32, caster: i32): void {
  tBest = -1;
  tScore = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (!whomHolds(first, caster, t) || !canSee(caster, t)) continue;
    const sc = spellScore(first, caster, t);
    if (sc <= 0) continue;
    if (tBest < 0 || sc > tScore || (sc == tScore && woundsLeft(t) < woundsLeft(tBest))) {
      tBest = t;
      tScore = sc;
    }
  }
}

/** policy.ts's hero step (warscroll-spells.ts warscrollSpellChoices, the first): into spCaster, spFirst, spTarget. */
export function spellOrder(player: i32): bool {
  if (nEffects == 0) return false;
  let any = false;
  for (let k = 0; k < nEffects; k++)
    if (isSpell(k)) {
      any = true;
      break;
    }
  if (!any) return false;
  for (let mw = deployedOf(player); mw != 0; mw &= mw - 1) {
    const w = <i32>ctz<u64>(mw);
    const level = ui(w, UI.WIZARD);
    if (level == 0 || ui(w, UI.BLOCKED) != 0 || ui(w, UI.CASTS) >= level) continue;
    let best = -1;
    let bestTarget = -1;
    let bestScore = 0;
    for (let k = 0; k < nEffects; k++) {
      if (!isSpell(k) || efI(k, EF.SP_FIRST) != k || !hasRec(w, UM.EF_SOURCE, k) || (spellsCast & recBit(k)) != 0) continue;
      spellTarget(k, w);
      if (tBest >= 0 && tScore > bestScore) {
        best = k;
        bestTarget = tBest;
        bestScore = tScore;
      }
    }
    if (best >= 0) {
      spCaster = w;
      spFirst = best;
      spTarget = bestTarget;
      return true;
    }
  }
  return false;
}

/** warscroll-spells.ts castWarscrollSpell. */
export function castSpell(w: i32, first: i32, t: i32): void {
  markSpells(w);
  setUi(w, UI.CASTS, ui(w, UI.CASTS) + 1);
  setSpellsCast(spellsCast | recBit(first));
  const r = castingRollValue(w, efI(first, EF.SP_CASTING));
  if (r == 0) return;
  // CORE-SPELLS: reactions answer a spell that is cast: the target's resistance roll (common.ts).
  if (resisted(w, t, true)) return;
  for (let k = first; ofSpell(k, first); k++) {
    if (!deployed(t)) break;
    const lo = efI(k, EF.SP_ROLL_MIN);
    const hi = efI(k, EF.SP_ROLL_MAX);
    if ((lo > 0 && r < lo) || (hi > 0 && r > hi)) continue;
    if (efI(k, EF.KIND) == SPELL_MORTAL) resolveMortal(k, w, t);
    else {
      const slot = efI(k, EF.SP_UNTIL) != 0 ? (owner(w) == 0 ? UM.SPELL_UNTIL0 : UM.SPELL_UNTIL1) : UM.EF_TURN;
      setEfMask(t, slot, efMask(t, slot) | recBit(k));
    }
  }
}
