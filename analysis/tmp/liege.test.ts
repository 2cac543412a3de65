import { it } from "vitest";
import { battleAt, labels } from "../../test/support/battle-fixtures.js";
import { choices } from "../../src/aos/battle/flow.js";
import { policyAction } from "../../src/aos/battle/policy.js";
it("x", () => {
  for (const hero of [{ x: 30, y: 20 }, { x: 50, y: 30 }]) {
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Crypt Flayers", owner: 0, x: 10, y: 4 }, { warscroll: "Crypt Haunter Courtier", owner: 0, ...hero }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], { seed: 1, step: { kind: "movement", player: 0 } });
    b.data.terrain = [];
    console.log(labels(b).filter((l) => l.includes("Liege")), b.footprint(ids[0]!), b.footprint(ids[1]!), b.objectives().map(o=>[o.id,o.x,o.y]));
    b.choiceCache = null;
    const c = choices(b)[policyAction(b)]!;
    console.log(c.label);
  }
});
