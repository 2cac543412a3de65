/** `tactica COMMAND --help` prints that command's own usage (what a user types first), exit 0. */
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";

describe("tactica COMMAND --help", () => {
  it("each command's usage, by --help, -h or `tactica help COMMAND`; the whole list without a command", () => {
    for (const command of ["odds", "mesbg", "matchup", "battle", "score", "armies", "units", "campaign"]) {
      const r = tactica([command, "--help"]);
      expect(r.code, command).toBe(0);
      expect(r.out.startsWith(`tactica ${command}`), `${command}: ${r.out.slice(0, 80)}`).toBe(true);
      expect(r.err).toBe("");
    }
    expect(tactica(["battle", "-h"]).out).toBe(tactica(["help", "battle"]).out);
    const all = tactica(["--help"]);
    expect(all.code).toBe(0);
    expect(all.out).toContain("tactica campaign");
    expect(all.out).toContain("tactica battle");
  });
});
