// A chunk of a matchup in the kernel (issue 17 item 4): battles of one set-up template (the same armies and
// battleplan, src/aos/rollout/template.ts), each set up from its seed by the kernel (battle/setup.ts: the
// roll-off, the terrain, each unit's spot, round 1's dice, control) and played to its end from the seed the
// matchup derives for the battle (deriveSeed(seed, 1), analysis/matchup/play.ts), one RESULT record each. The
// encoding of each roll-off winner's battle is loaded once per chunk; per battle only the slots the dice
// decide are written into it and the starting position rebuilt. A battle the kernel cannot set up is left
// for the TypeScript engine (SET_UP_PLAYED 0 in its record).
import { loadState, writeResult } from "./aos_rollout";
import { FOR_THE_ENGINE, OTHER_WINNER, SB, SET_UP, SET_UP_MAGIC, setUpBattle, setUpWinner, writeSetUp } from "./battle/setup";
import { forgetStartingPosition, loadTerrain, OI, oi, resetBattle, ux, uy } from "./battle/state";
import { updateControl } from "./battle/board";
import { play } from "./battle/flow";
import { resetManifestations } from "./battle/manifest";
import { resetReserves } from "./battle/reserves";
import { resetEffects } from "./battle/effects";
import { resetTraits } from "./battle/traits";
import { resetHashut } from "./battle/hashut6";
import { deploymentMoves } from "./battle/deploy-moves";
import { H, O, OBJECTIVE, RESULT, U, UNIT } from "./battle/layout";
import { deriveSeed, rngSeed, rngWord } from "./rng";

/** Record slots of a set-up chunk beyond writeResult's: 1 when the kernel set the battle up and played it, and the roll-off's winner. */
export const SET_UP_PLAYED: i32 = 61;
export const SET_UP_WINNER: i32 = 62;

/** `count` battles, seeds (f64) at `seeds`, set up from the block at `block`; RESULT f64 each at `out`. 0, or the worst error code. */
export function aosSetUpRollouts(block: usize, seeds: usize, count: i32, out: usize): i32 {
  return chunk(block, seeds, count, out, true);
}

/** For the benchmark's split (npm run bench:rollouts): the same chunk's set-ups, each up to its starting position, no battle played. */
export function aosSetUpOnly(block: usize, seeds: usize, count: i32, out: usize): i32 {
  return chunk(block, seeds, count, out, false);
}

function chunk(block: usize, seeds: usize, count: i32, out: usize, battles: bool): i32 {
  if (<i32>load<f64>(block) != SET_UP_MAGIC) return 1;
  for (let i = 0; i < count * RESULT; i++) store<f64>(out + (<usize>i << 3), 0);
  let worst = 0;
  // One roll-off winner at a time, so that each winner's encoding is loaded once.
  for (let w = 0; w < 2; w++) {
    const offBase = <i32>load<f64>(block + (<usize>(SB.WINNER + w * SB.WINNER_STRIDE) << 3));
    const base = block + (<usize>(offBase < 0 ? 0 : offBase) << 3);
    let loaded = false;
    for (let i = 0; i < count; i++) {
      const seed = <u32>load<f64>(seeds + (<usize>i << 3));
      const rec = out + (<usize>(i * RESULT) << 3);
      const s = setUpBattle(block, seed, w);
      if (s == OTHER_WINNER) continue;
      if (s == FOR_THE_ENGINE) {
        store<f64>(rec + (<usize>SET_UP_WINNER << 3), <f64>setUpWinner);
        continue;
      }
      if (!loaded) {
        const e = loadState(base);
        if (e != 0) return e;
        loaded = true;
      }
      startFromSetUp(base);
      if (!battles) continue;
      rngSeed(deriveSeed(seed, 1));
      const error = play();
      writeResult(rec, error);
      store<f64>(rec + (<usize>SET_UP_PLAYED << 3), 1);
      store<f64>(rec + (<usize>SET_UP_WINNER << 3), <f64>setUpWinner);
      if (error != 0) worst = error;
    }
  }
  return worst;
}

/**
 * The battle the kernel just set up, ready to play: its dice-decided slots written into the loaded encoding
 * (the winner's, at `base`), the terrain and the starting position rebuilt, the battle's running state reset,
 * and control worked out as setup.ts afterDeployment does once deployment is done (CORE-CONTROL).
 */
function startFromSetUp(base: usize): void {
  writeSetUp(base);
  loadTerrain(<i32>load<f64>(base + (<usize>H.OFF_TERRAIN << 3)));
  forgetStartingPosition();
  resetBattle();
  resetManifestations();
  resetReserves();
  resetEffects();
  resetTraits();
  resetHashut();
  deploymentMoves(); // setups.ts useDeploymentMoves: Chilling Horde (battle/deploy-moves.ts)
  updateControl();
}

/**
 * For the differential test: the kernel's set-up of the battle seeded `seed` as the encoding it plays from
 * (control after deployment written back into it) — out[0..3] the RNG's words right after the set-up's dice,
 * out[4] the roll-off's winner, out[5] setUpBattle's answer, out[8..] the encoding (H.LENGTH slots).
 */
export function aosSetUpState(block: usize, seed: u32, out: usize): i32 {
  if (<i32>load<f64>(block) != SET_UP_MAGIC) return 1;
  let s = setUpBattle(block, seed, 0);
  if (s == OTHER_WINNER) s = setUpBattle(block, seed, 1);
  for (let i = 0; i < 4; i++) store<f64>(out + (<usize>i << 3), <f64>rngWord(i));
  store<f64>(out + 32, <f64>setUpWinner);
  store<f64>(out + 40, <f64>s);
  if (s != SET_UP) return 0;
  const base = block + (<usize>(<i32>load<f64>(block + (<usize>(SB.WINNER + setUpWinner * SB.WINNER_STRIDE) << 3))) << 3);
  const e = loadState(base);
  if (e != 0) return e;
  startFromSetUp(base);
  const nObjectives = <i32>load<f64>(base + (<usize>H.N_OBJECTIVES << 3));
  const offObjectives = <i32>load<f64>(base + (<usize>H.OFF_OBJECTIVES << 3));
  for (let o = 0; o < nObjectives; o++) store<f64>(base + (<usize>(offObjectives + o * OBJECTIVE + O.CONTROL) << 3), <f64>oi(o, OI.CONTROL));
  // Where the deployment moves left the units (deploy-moves.ts).
  const offUnits = <i32>load<f64>(base + (<usize>H.OFF_UNITS << 3));
  const nUnits = <i32>load<f64>(base + (<usize>H.N_UNITS << 3));
  for (let u = 0; u < nUnits; u++) {
    store<f64>(base + (<usize>(offUnits + u * UNIT + U.X) << 3), ux(u));
    store<f64>(base + (<usize>(offUnits + u * UNIT + U.Y) << 3), uy(u));
  }
  memory.copy(out + 64, base, <usize>(<i32>load<f64>(base + (<usize>H.LENGTH << 3))) << 3);
  return 0;
}
