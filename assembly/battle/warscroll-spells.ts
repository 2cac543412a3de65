// Warscroll spells and prayers (CORE-SPELLS, CORE-UNBIND, CORE-PRAYERS), the kernel's twin of
// src/aos/battle/warscroll-spells.ts: the effect records of kinds SPELL_MORTAL (34), SPELL_TURN (35) and SPELL_SLAY
// (114) (encode.ts SPELL_KINDS), a spell's records one after the other (EF.SP_FIRST: the first's index; EF.SP_* its
// targets, a prayer's chanting). Cast like Metamorphosis (actions.ts castingRollValue) or chanted (chantingRoll),
// each once a phase for the army (effects.ts spellsCast). The same scripted rule, the same numbers: the first
// caster by id that can, its spell with the highest score (ties: data order), its targets the highest scores,
// then the fewest wounds left, then the lowest id.
import { afterCast, CHANTING, powerLevel, rollBonus } from "./passive2";
import { roll } from "../rng";
import { EF, UF, US } from "./layout";
import { castingBonus } from "./casting";
import { gambleAdded } from "./react4";
import { carriersLeft, castingRollValue, destroyIfSlain, inflictMortal, lastSlain, setLastSlain } from "./actions";
import { attacksC, attacksP, attacksS, weaponAttacks } from "./commands";
import { effectWard, efI, nEffects, setSpellsCast, spellsCast, spellStrikeOn, whomHolds } from "./effects";
import { prayersLeft, usePrayer } from "./manifest";
import { returnable, returnsForbidden } from "./healing";
import { canSee } from "./paths";
import { resisted } from "./common";
import { noCommandsScore, SET_NO_COMMANDS } from "./declared2";
import { SET_WEAPON_ABILITY } from "./hero3";
import { deployed, deployedMask, deployedOf, dist, flag, isMonster, markSpells, owner, preySlain, round, setPreySlain, setSt, setUi, st, touch, ui, UI, wi, WI, woundsLeft } from "./state";
import { efMask, hasRec, recBit, setEfMask, UM } from "./state";

const SPELL_MORTAL: i32 = 34;
const SPELL_TURN: i32 = 35;
const SPELL_SLAY: i32 = 114;
const SPELL_RETURN: i32 = 115;

// The last spellOrder pick: the caster, the spell's first record, its targets (mask) and the first of them (the caster when none).
export let spCaster: i32 = -1;
export let spFirst: i32 = -1;
export let spTarget: i32 = -1;
export let spTargets: u64 = 0;

// @ts-ignore: decorator
@inline function isSpell(k: i32): bool {
  const kind = efI(k, EF.KIND);
  return kind == SPELL_MORTAL || kind == SPELL_TURN || kind == SPELL_SLAY || kind == SPELL_RETURN;
}

// @ts-ignore: decorator
@inline function ofSpell(k: i32, first: i32): bool {
  return k < nEffects && isSpell(k) && efI(k, EF.SP_FIRST) == first;
}

// @ts-ignore: decorator
@inline function onMask(x: i32): u64 {
  return efMask(x, UM.EF_TURN) | efMask(x, UM.SPELL_UNTIL0) | efMask(x, UM.SPELL_UNTIL1);
}

/** warscroll-spells.ts attackScore: twice the mean Attacks of x's weapons (attack: 0 all, 1 melee, 2 ranged) times their carriers. */
function attackScore(x: i32, attack: i32): i32 {
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

/** warscroll-spells.ts modifierScore (TURN_SET: encode.ts DURATION_SETS' index). */
function modifierScore(k: i32, caster: i32, x: i32): i32 {
  const friendly = owner(x) == owner(caster);
  if ((onMask(x) & recBit(k)) != 0) return 0;
  const set = efI(k, EF.TURN_SET);
  const v = efI(k, EF.VALUE);
  const attack = efI(k, EF.ATTACK);
  if (set == 9) {
    // strike-first
    if (!friendly || flag(x, UF.STRIKE_FIRST) || st(x, US.STRIKE_FIRST_TURN) || spellStrikeOn(x, true)) return 0;
    return attackScore(x, 1);
  }
  if (set == 10) {
    // strike-last
    if (friendly || flag(x, UF.STRIKE_LAST) || st(x, US.STRIKE_LAST_TURN) || spellStrikeOn(x, false)) return 0;
    return attackScore(x, 1);
  }
  if (set == 8) {
    // ward: nothing to a unit with this ward or a better one already
    const own = effectWard(x);
    return friendly && (own == 0 || own > v) ? woundsLeft(x) : 0;
  }
  if (set == 4) return (v > 0) == friendly ? woundsLeft(x) : 0; // save
  if (set == 11) return friendly ? 0 : ui(x, UI.MODELS) * ui(x, UI.CONTROL); // control
  if (set == SET_NO_COMMANDS) return noCommandsScore(x, friendly, true); // hero3: declared2.ts, before the caster's combat phase
  if (set == 2 || set == 3) return friendly ? 0 : attackScore(x, attack); // weapon abilities off, ignore-positive
  if (set == SET_WEAPON_ABILITY) return friendly ? attackScore(x, attack) : 0; // hero3: a Crit for a while
  const against = efI(k, EF.DIRECTION) == 1;
  if ((v > 0) != (against ? !friendly : friendly)) return 0;
  return against ? woundsLeft(x) : attackScore(x, attack);
}

/** warscroll-spells.ts mortalDice. */
function mortalDice(k: i32, s: i32, t: i32, castRoll: i32): i32 {
  const per = efI(k, EF.PER);
  const p = per == 0 ? 1 : per == 1 ? ui(s, UI.MODELS) : per == 2 ? ui(t, UI.MODELS) : per == 3 ? round : per == 4 ? castRoll : ui(t, UI.HEALTH);
  const n = efI(k, EF.DICE_COUNT) * p; // DICE_COUNT holds the dice times "Roll N dice"
  const mx = efI(k, EF.SP_MAX);
  return mx > 0 ? min<i32>(mx, n) : n;
}

/** warscroll-spells.ts mortalOn: expected mortal damage on t times 12. */
function mortalOn(k: i32, s: i32, t: i32): i32 {
  const fixed = efI(k, EF.SP_FIXED);
  if (fixed > 0) return 12 * fixed;
  const n = mortalDice(k, s, t, 7);
  const on = efI(k, EF.ON);
  const sides = efI(k, EF.DICE_SIDES);
  const each = efI(k, EF.EACH);
  const dc = efI(k, EF.DMG_COUNT);
  const dmg = dc * (efI(k, EF.DMG_SIDES) + 1);
  let sum = 0;
  for (let r = 1; r <= sides; r++) if (r >= on) sum += dc > 0 ? dmg : 2 * (each == 0 ? r : each);
  return n * (6 / sides) * sum;
}

/** warscroll-spells.ts mortalVictims: t, or each other unit of t's army within SP_AROUND of it (mask). */
function victims(k: i32, t: i32): u64 {
  const around = efI(k, EF.SP_AROUND);
  if (around < 0) return recBit(t);
  let m: u64 = 0;
  for (let mm = deployedOf(owner(t)); mm != 0; mm &= mm - 1) {
    const x = <i32>ctz<u64>(mm);
    if (x != t && dist(x, t) <= <f64>around + 1e-9) m |= recBit(x);
  }
  return m;
}

/** 2D6 outcomes (of 36) above n. */
function waysAbove(n: i32): i32 {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (a + c > n) ways++;
  return ways;
}

/** warscroll-spells.ts effectScore. */
function effectScore(k: i32, caster: i32, t: i32): i32 {
  if (efI(k, EF.SP_ROLL_MIN) > 0 || efI(k, EF.SP_AFTER_SLAIN) != 0) return 0;
  const kind = efI(k, EF.KIND);
  const enemy = owner(t) != owner(caster);
  if (kind == SPELL_MORTAL) {
    if (!enemy) return 0;
    let sum = 0;
    for (let m = victims(k, t); m != 0; m &= m - 1) sum += mortalOn(k, caster, <i32>ctz<u64>(m));
    return sum;
  }
  if (kind == SPELL_SLAY) return enemy ? waysAbove(ui(t, UI.HEALTH)) * woundsLeft(t) : 0;
  if (kind == SPELL_RETURN) return enemy || returnsForbidden(t) ? 0 : returnable(t, returnWanted(k, t, -1)) * ui(t, UI.HEALTH);
  return modifierScore(k, caster, t);
}

/** warscroll-spells.ts returnWanted: a count, or a Health budget over t's Health; `roll` its dice (-1: their mean, rounded down). */
function returnWanted(k: i32, t: i32, roll: i32): i32 {
  const v = roll >= 0 ? roll : (efI(k, EF.DICE_COUNT) * (efI(k, EF.DICE_SIDES) + 1)) / 2 + efI(k, EF.SP_FIXED);
  return efI(k, EF.SP_RETURN_HEALTH) != 0 ? v / ui(t, UI.HEALTH) : v;
}

/** warscroll-spells.ts names: record k of caster concerns t (whom, visibility). */
function names(k: i32, caster: i32, t: i32): bool {
  if (efI(k, EF.SIDE) == 0) return t == caster;
  return whomHolds(k, caster, t) && (efI(k, EF.VISIBLE) == 0 || canSee(caster, t));
}

/** warscroll-spells.ts targetScore: the effects that name t, with its best option (pickOption). */
function targetScore(first: i32, caster: i32, t: i32): i32 {
  let score = 0;
  for (let k = first; ofSpell(k, first); k++) if (efI(k, EF.SIDE) != 0 && efI(k, EF.SP_OPTION) == 0 && names(k, caster, t)) score += effectScore(k, caster, t);
  pickOption(first, caster, t);
  return score + optScore;
}

// The last pickOption: the option picked (0 none) and its score.
let optPicked: i32 = 0;
let optScore: i32 = 0;

/** warscroll-spells.ts pickOption: the option whose effects naming t score the most, the first on a tie. */
function pickOption(first: i32, caster: i32, t: i32): void {
  optPicked = 0;
  optScore = 0;
  for (let o = 1; o <= 4; o++) {
    let named = false;
    let score = 0;
    for (let k = first; ofSpell(k, first); k++) {
      if (efI(k, EF.SP_OPTION) != o || efI(k, EF.SIDE) == 0 || !names(k, caster, t)) continue;
      named = true;
      score += effectScore(k, caster, t);
    }
    if (named && (optPicked == 0 || score > optScore)) {
      optPicked = o;
      optScore = score;
    }
  }
}

/** warscroll-spells.ts candidates (mask). */
function candidates(first: i32, caster: i32, needVisible: bool): u64 {
  let out: u64 = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    for (let k = first; ofSpell(k, first); k++) {
      if (efI(k, EF.SIDE) == 0 || !whomHolds(k, caster, t)) continue;
      if (needVisible && efI(k, EF.VISIBLE) != 0 && !canSee(caster, t)) continue;
      out |= recBit(t);
      break;
    }
  }
  return out;
}

// warscroll-spells.ts ranked: the candidates scoring above 0, best first (RANK_T / RANK_S, nRank of them).
const RANK_T = memory.data(64 * 4, 16);
const RANK_S = memory.data(64 * 4, 16);
let nRank: i32 = 0;

function rank(first: i32, caster: i32, m: u64): void {
  nRank = 0;
  for (let mm = m; mm != 0; mm &= mm - 1) {
    const t = <i32>ctz<u64>(mm);
    const sc = targetScore(first, caster, t);
    if (sc <= 0) continue;
    // Insertion in order: higher score, then fewer wounds left, then lower id (t ascends, so it goes after equals).
    let i = nRank;
    while (i > 0) {
      const pt = load<i32>(RANK_T + (<usize>(i - 1) << 2));
      const ps = load<i32>(RANK_S + (<usize>(i - 1) << 2));
      if (ps > sc || (ps == sc && woundsLeft(pt) <= woundsLeft(t))) break;
      store<i32>(RANK_T + (<usize>i << 2), pt);
      store<i32>(RANK_S + (<usize>i << 2), ps);
      i--;
    }
    store<i32>(RANK_T + (<usize>i << 2), t);
    store<i32>(RANK_S + (<usize>i << 2), sc);
    nRank++;
  }
}

// @ts-ignore: decorator
@inline function rankT(i: i32): i32 { return load<i32>(RANK_T + (<usize>i << 2)); }
// @ts-ignore: decorator
@inline function rankS(i: i32): i32 { return load<i32>(RANK_S + (<usize>i << 2)); }

/** warscroll-spells.ts waysToCast. */
function waysToCast(value: i32, minus: i32): i32 {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (!(a == 1 && c == 1) && a + c - minus >= value) ways++;
  return ways;
}

// The last spellPick: its targets (mask) and score.
let pTargets: u64 = 0;
let pScore: i32 = 0;

/** warscroll-spells.ts spellPick: into pTargets / pScore; false when it scores 0. */
function spellPick(first: i32, caster: i32): bool {
  let self = 0;
  let targeted = false;
  for (let k = first; ofSpell(k, first); k++) {
    if (efI(k, EF.SIDE) == 0) self += effectScore(k, caster, caster);
    else targeted = true;
  }
  pTargets = 0;
  pScore = 0;
  if (!targeted) {
    pScore = self;
    return self > 0;
  }
  rank(first, caster, candidates(first, caster, true));
  let n = 0;
  if (efI(first, EF.SP_EVERY) != 0) n = nRank;
  else {
    const penalty = efI(first, EF.SP_PENALTY);
    if (penalty > 0) {
      const bonus = efI(first, EF.SP_PRAYER) != 0 ? 0 : castingBonus(caster); // warscroll-spells.ts spellPick's
      let bestValue = 0;
      let sum = 0;
      for (let i = 1; i <= nRank; i++) {
        sum += rankS(i - 1);
        const value = waysToCast(efI(first, EF.SP_PRAYER) != 0 ? 0 : efI(first, EF.SP_CASTING), (i - 1) * penalty - bonus) * sum;
        if (value > bestValue) {
          n = i;
          bestValue = value;
        }
      }
    } else n = min<i32>(nRank, efI(first, EF.SP_UP_TO));
  }
  if (n == 0) {
    if (efI(first, EF.SP_OPTIONAL) != 0 && self > 0) {
      pScore = self;
      return true;
    }
    return false;
  }
  pScore = self;
  for (let i = 0; i < n; i++) {
    pTargets |= recBit(rankT(i));
    pScore += rankS(i);
  }
  return true;
}

/** warscroll-spells.ts canUse. */
function canUse(w: i32, prayer: bool): bool {
  if (prayer) return ui(w, UI.PRIEST) > 0 && prayersLeft(w);
  return ui(w, UI.WIZARD) > 0 && ui(w, UI.BLOCKED) != 1 && ui(w, UI.CASTS) < powerLevel(w, false); // 2: miscast, goes on (casting.ts)
}

/** policy.ts's hero step (warscroll-spells.ts warscrollSpellChoices, the first): into spCaster, spFirst, spTargets, spTarget. */
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
    if (ui(w, UI.WIZARD) == 0 && ui(w, UI.PRIEST) == 0) continue;
    let best = -1;
    let bestTargets: u64 = 0;
    let bestScore = 0;
    for (let k = 0; k < nEffects; k++) {
      if (!isSpell(k) || efI(k, EF.SP_FIRST) != k || !hasRec(w, UM.EF_SOURCE, k) || (spellsCast & recBit(k)) != 0) continue;
      if (!canUse(w, efI(k, EF.SP_PRAYER) != 0) || !spellPick(k, w)) continue;
      if (pScore > bestScore) {
        best = k;
        bestTargets = pTargets;
        bestScore = pScore;
      }
    }
    if (best >= 0) {
      spCaster = w;
      spFirst = best;
      spTargets = bestTargets;
      spTarget = bestTargets != 0 ? <i32>ctz<u64>(bestTargets) : w;
      return true;
    }
  }
  return false;
}

/** warscroll-spells.ts chantingRoll: the chanting roll when the prayer is answered, else 0. */
function chantingRoll(p: i32, value: i32): i32 {
  const r = roll(6);
  const points = ui(p, UI.RITUAL);
  if (r == 1) {
    setUi(p, UI.RITUAL, max<i32>(0, points - roll(3)));
    return 0;
  }
  const total = max<i32>(0, r + rollBonus(p, CHANTING)) + points; // passive2.ts: chanting-roll modifiers
  if (total < value) {
    setUi(p, UI.RITUAL, total);
    return 0;
  }
  setUi(p, UI.RITUAL, 0);
  return total;
}

// The models each unit lost to this cast's mortal damage (warscroll-spells.ts castWarscrollSpell's `slain`), and each
// target's option.
const SLAIN = memory.data(64 * 4, 16);
const OPTION = memory.data(64 * 4, 16);

/** warscroll-spells.ts spellMortal: returns the models slain. */
function spellMortal(k: i32, s: i32, t: i32, castRoll: i32): i32 {
  let points = efI(k, EF.SP_FIXED);
  if (points == 0) {
    const n = mortalDice(k, s, t, castRoll);
    const sides = <u32>efI(k, EF.DICE_SIDES);
    const on = efI(k, EF.ON);
    const each = efI(k, EF.EACH);
    const dc = efI(k, EF.DMG_COUNT);
    const ds = <u32>efI(k, EF.DMG_SIDES);
    for (let i = 0; i < n; i++) {
      const r = roll(sides);
      if (r < on) continue;
      if (dc > 0) for (let j = 0; j < dc; j++) points += roll(ds);
      else points += each == 0 ? r : each;
    }
  }
  inflictMortal(t, points, -2); // hashut6: a spell's or prayer's damage
  const slain = lastSlain;
  destroyIfSlain(t, s, false);
  return slain;
}

/** warscroll-spells.ts castWarscrollSpell. */
export function castSpell(w: i32, first: i32, targets: u64): void {
  markSpells(w);
  setSpellsCast(spellsCast | recBit(first));
  let r: i32;
  if (efI(first, EF.SP_PRAYER) != 0) {
    usePrayer(w);
    r = chantingRoll(w, efI(first, EF.SP_CASTING));
  } else {
    setUi(w, UI.CASTS, ui(w, UI.CASTS) + 1);
    const nt = <i32>popcnt<u64>(targets);
    r = castingRollValue(w, efI(first, EF.SP_CASTING), (max<i32>(1, nt) - 1) * efI(first, EF.SP_PENALTY), 0, targets); // the targets: Spell-eaters (react4.ts)
  }
  if (r == 0) return;
  // warscroll-spells.ts `modified`: "if the casting roll was 10+" with the casting-roll modifiers; `r` the unmodified dice's.
  const mod = efI(first, EF.SP_PRAYER) != 0 ? r : r + castingBonus(w) + gambleAdded; // and Bargain's +2 (react4.ts)
  let all = targets;
  const moreAt = efI(first, EF.SP_MORE_AT);
  const moreEvery = moreAt > 0 && mod >= moreAt && efI(first, EF.SP_MORE_EVERY) != 0;
  if (moreAt > 0 && mod >= moreAt) {
    const rest = candidates(first, w, !moreEvery) & ~all;
    if (moreEvery) all |= rest;
    else {
      rank(first, w, rest);
      const room = max<i32>(0, efI(first, EF.SP_MORE_UP_TO) - <i32>popcnt<u64>(all));
      for (let i = 0; i < nRank && i < room; i++) all |= recBit(rankT(i));
    }
  }
  // CORE-SPELLS: reactions answer a spell that is cast: each enemy target's resistance roll (common.ts: Ruination
  // Chamber), by ascending id; a prayer is not a spell (the general roll only). A resisted target is dropped.
  const isSpell = efI(first, EF.SP_PRAYER) == 0;
  for (let m = all; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (resisted(w, t, isSpell)) all &= ~recBit(t);
  }
  memory.fill(SLAIN, 0, 64 * 4);
  // Each target's option, picked once the spell is cast (warscroll-spells.ts `options`).
  for (let m = all; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    pickOption(first, w, t);
    store<i32>(OPTION + (<usize>t << 2), optPicked);
  }
  for (let k = first; ofSpell(k, first); k++) {
    const lo = efI(k, EF.SP_ROLL_MIN);
    const hi = efI(k, EF.SP_ROLL_MAX);
    if ((lo > 0 && mod < lo) || (hi > 0 && mod > hi)) continue;
    const kind = efI(k, EF.KIND);
    // The units it is on, named before any is hit (warscroll-spells.ts `on`).
    let on: u64 = 0;
    if (efI(k, EF.SIDE) == 0) on = recBit(w);
    else
      for (let m = all; m != 0; m &= m - 1) {
        const t = <i32>ctz<u64>(m);
        if (names(k, w, t) || (moreEvery && whomHolds(k, w, t))) on |= recBit(t);
      }
    for (let m = on; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      if (!deployed(t)) continue;
      if (efI(k, EF.SP_AFTER_SLAIN) != 0 && load<i32>(SLAIN + (<usize>t << 2)) == 0) continue;
      const option = efI(k, EF.SP_OPTION);
      if (option != 0 && load<i32>(OPTION + (<usize>t << 2)) != option) continue;
      if (kind == SPELL_MORTAL) {
        for (let mv = victims(k, t); mv != 0; mv &= mv - 1) {
          const x = <i32>ctz<u64>(mv);
          if (!deployed(x)) continue;
          const n = spellMortal(k, w, x, r);
          store<i32>(SLAIN + (<usize>x << 2), load<i32>(SLAIN + (<usize>x << 2)) + n);
        }
      } else if (kind == SPELL_SLAY) {
        if (r <= ui(t, UI.HEALTH)) continue;
        // The target is destroyed and cannot be replaced (reserves.ts: as one replaced already).
        const n = ui(t, UI.MODELS);
        setUi(t, UI.MODELS, 0);
        setUi(t, UI.DAMAGE, 0);
        touch(t);
        setLastSlain(n);
        if (isMonster(t)) setPreySlain(preySlain | (1 << owner(t))); // PB-REALM-PREY
        setSt(t, US.REPLACED, true);
        destroyIfSlain(t, w, false);
      } else if (kind == SPELL_RETURN) {
        if (returnsForbidden(t)) continue; // Harrowing Shrieks, Redemptor Casket (tail4.ts): no dice either
        let v = efI(k, EF.SP_FIXED);
        const sides = <u32>efI(k, EF.DICE_SIDES);
        for (let i = 0; i < efI(k, EF.DICE_COUNT); i++) v += roll(sides);
        const n = returnable(t, returnWanted(k, t, max<i32>(0, v)));
        if (n > 0) {
          setUi(t, UI.MODELS, ui(t, UI.MODELS) + n);
          touch(t);
        }
      } else {
        const slot = efI(k, EF.SP_UNTIL) != 0 ? (owner(w) == 0 ? UM.SPELL_UNTIL0 : UM.SPELL_UNTIL1) : UM.EF_TURN;
        setEfMask(t, slot, efMask(t, slot) | recBit(k));
      }
    }
  }
  if (isSpell) afterCast(w); // passive2.ts: a heal after a spell
}
