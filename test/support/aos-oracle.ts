/**
 * An independent, exact (rational) reading of the AoS attack sequence, straight from the odds input JSON:
 * it enumerates every die of one attack, then convolves attacks. It shares no code with src/aos/odds, so
 * agreement with the kernels checks the rules, not just the arithmetic. Small profiles only.
 */
import { enumerateRolls, ONE, Q, type QPmf, qConvolve, ZERO } from "./rational.js";

type Roll = (sides: number) => number;

interface W {
  type?: "melee" | "ranged";
  attacks: number | string;
  hit: number;
  wound: number;
  rend?: number;
  damage: number | string;
  abilities?: string[];
  models?: number;
  champion?: boolean;
}
interface In {
  attacker: { models: number; keywords?: string[]; weapons: W[] };
  defender: { models: number; health: number; save: number | null; ward?: number | null; keywords?: string[] };
  context?: {
    charged?: boolean;
    targetCharged?: boolean;
    modifiers?: { hit?: number; wound?: number; save?: number };
    rerolls?: { hit?: string; wound?: string; save?: string };
  };
}

function rollExpr(e: number | string, roll: Roll): number {
  if (typeof e === "number") return e;
  const m = /^(\d*)D(3|6)(?:([+-])(\d+))?$/.exec(e)!;
  let v = 0;
  for (let i = 0; i < (m[1] ? Number(m[1]) : 1); i++) v += roll(Number(m[2]));
  if (m[3]) v += (m[3] === "+" ? 1 : -1) * Number(m[4]);
  return Math.max(0, v);
}

/** Damage distribution of one attack, by enumerating its dice. */
export function oracleAttack(input: In, w: W): QPmf {
  const ab = (w.abilities ?? []).map((a) => a.toLowerCase());
  const companion = ab.includes("companion");
  const ctx = input.context ?? {};
  const clampMod = (m: number) => Math.max(-1, Math.min(1, companion && m > 0 ? 0 : m));
  const hitMod = clampMod(ctx.modifiers?.hit ?? 0);
  const woundMod = clampMod(ctx.modifiers?.wound ?? 0);
  const saveMod = Math.min(1, ctx.modifiers?.save ?? 0);
  const defKw = (input.defender.keywords ?? []).map((k) => k.toUpperCase());
  let rend = w.rend ?? 0;
  for (const a of ab) {
    const m = /^anti-(.+) \(\+1 rend\)$/.exec(a);
    if (m) rend += m[1] === "charge" ? (ctx.targetCharged ? 1 : 0) : defKw.includes(m[1]!.toUpperCase()) ? 1 : 0;
  }
  const chargeBonus = ab.includes("charge (+1 damage)") && ctx.charged ? 1 : 0;
  const save = input.defender.save;
  const ward = input.defender.ward ?? null;

  const damagePoints = (roll: Roll) => {
    const dmg = rollExpr(w.damage, roll) + chargeBonus;
    if (ward === null) return dmg;
    let kept = 0;
    for (let i = 0; i < dmg; i++) if (roll(6) < ward) kept++;
    return kept;
  };
  const hitSucceeds = (d: number) => d !== 1 && (d === 6 || d + hitMod >= w.hit);
  const woundSucceeds = (d: number) => d !== 1 && d + woundMod >= w.wound;
  const saved = (d: number) => save !== null && d !== 1 && d - rend + saveMod >= save;

  // Stage distributions, each by enumeration (so the tree stays small): hit outcome, wound, save, damage.
  const hitCls = enumerateRolls((roll) => {
    let d = roll(6);
    if ((ctx.rerolls?.hit === "ones" && d === 1) || (ctx.rerolls?.hit === "failed" && !hitSucceeds(d))) d = roll(6);
    return !hitSucceeds(d) ? 0 : d === 6 ? 2 : 1;
  });
  const woundP = enumerateRolls((roll) => {
    let d = roll(6);
    if ((ctx.rerolls?.wound === "ones" && d === 1) || (ctx.rerolls?.wound === "failed" && !woundSucceeds(d))) d = roll(6);
    return woundSucceeds(d) ? 1 : 0;
  });
  const unsavedP = enumerateRolls((roll) => {
    if (save === null) return 1;
    let d = roll(6);
    if ((ctx.rerolls?.save === "ones" && d === 1) || (ctx.rerolls?.save === "failed" && !saved(d))) d = roll(6);
    return saved(d) ? 0 : 1;
  });
  const dmg = enumerateRolls((roll) => damagePoints(roll));
  const pW = woundP[1] ?? ZERO;
  const pU = unsavedP[1] ?? ZERO;
  const mix = (p: Q, a: QPmf): QPmf => {
    const out = a.map((x) => x.mul(p));
    out[0] = (out[0] ?? ZERO).add(ONE.sub(p));
    return out;
  };
  const throughSave = mix(pU, dmg);
  const throughWound = mix(pW, throughSave);
  let onCrit = throughWound;
  if (ab.includes("crit (2 hits)")) onCrit = qConvolve(throughWound, throughWound);
  else if (ab.includes("crit (auto-wound)")) onCrit = throughSave;
  else if (ab.includes("crit (mortal)")) onCrit = dmg;
  const len = Math.max(throughWound.length, onCrit.length);
  return Array.from({ length: len }, (_, k) =>
    (k === 0 ? hitCls[0] ?? ZERO : ZERO)
      .add((throughWound[k] ?? ZERO).mul(hitCls[1] ?? ZERO))
      .add((onCrit[k] ?? ZERO).mul(hitCls[2] ?? ZERO)),
  );
}

/**
 * CORE-CHAMPION as the issue words it: the champion uses, of each weapon type, what every model carries, else
 * the weapon most of the unit (more than half, the first on a tie) carries; `champion` in the data decides
 * for its weapon, and a weapon marked true is the only default of its type.
 */
function championUses(input: In): boolean[] {
  const n = input.attacker.models;
  const ws = input.attacker.weapons;
  const carried = (w: W) => Math.min(w.models ?? n, n);
  const typeOf = (w: W) => w.type ?? "melee";
  return ws.map((w, i) => {
    if (w.champion !== undefined) return w.champion;
    const same = ws.filter((x) => typeOf(x) === typeOf(w));
    if (same.some((x) => x.champion === true)) return false;
    const free = same.filter((x) => x.champion === undefined);
    if (free.some((x) => carried(x) === n)) return carried(w) === n;
    const most = Math.max(...free.map(carried));
    if (2 * most <= n) return false;
    return ws.findIndex((x) => typeOf(x) === typeOf(w) && x.champion === undefined && carried(x) === most) === i;
  });
}

/** Exact damage pmf of the whole input. */
export function oracleDamage(input: In): QPmf {
  const kw = (input.attacker.keywords ?? []).map((k) => k.toUpperCase());
  let total: QPmf = [ONE];
  const champions = championUses(input);
  for (const [i, w] of input.attacker.weapons.entries()) {
    const companion = (w.abilities ?? []).some((a) => a.toLowerCase() === "companion");
    const models = Math.min(w.models ?? input.attacker.models, input.attacker.models);
    const usedByChampion = champions[i]!;
    const champ = kw.includes("CHAMPION") && usedByChampion && (!companion || kw.includes("BEAST")) ? 1 : 0;
    const perModel = enumerateRolls((roll) => rollExpr(w.attacks, roll));
    let count: QPmf = [ONE];
    for (let m = 0; m < models; m++) count = qConvolve(count, perModel);
    if (champ) count = [ZERO, ...count];
    const x = oracleAttack(input, w);
    let weapon: QPmf = [ZERO];
    let power: QPmf = [ONE];
    count.forEach((p, n) => {
      if (n > 0) power = qConvolve(power, x);
      if (!p.isZero()) {
        const add = power.map((v) => v.mul(p));
        weapon = Array.from({ length: Math.max(weapon.length, add.length) }, (_, k) => (weapon[k] ?? ZERO).add(add[k] ?? ZERO));
      }
    });
    total = qConvolve(total, weapon);
  }
  return total;
}
