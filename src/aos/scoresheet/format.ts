/** The scoring sheet as text for a player: each turn's VP with the rule behind every point, totals, result. */
import type { Side, VictoryPointLine } from "../scoring/index.js";
import type { ScoredPlayer, ScoreReport, ScoredTurn } from "./score.js";

const list = (ids: readonly string[]) => (ids.length === 0 ? "none" : ids.join(", "));

function vpLine(l: VictoryPointLine, active: Side | null, names: Record<Side, string>): string {
  const who = l.player === active ? "" : `${names[l.player]}: `;
  return `    +${l.victoryPoints}  ${who}${l.text} (${l.ruleId})`;
}

function turnText(t: ScoredTurn, r: ScoreReport, names: Record<Side, string>): string[] {
  const other: Side = t.player === "attacker" ? "defender" : "attacker";
  const out = [`  ${t.name}'s turn — controls ${list(t.objectives)}; ${names[other]} controls ${list(t.opponentObjectives)}`];
  if (t.battleTactic) {
    const b = t.battleTactic;
    const picks = b.picks.length ? ` (picked ${b.picks.join(", ")})` : "";
    out.push(`    Battle tactic: ${b.name}${picks} — ${b.completed ? `completed${b.bonus ? ", bonus met" : ""}` : "not completed"}`);
  } else {
    out.push("    Battle tactic: none picked");
  }
  for (const n of t.notes) out.push(`    ·  ${n.text} (${n.ruleId})`);
  for (const l of t.lines) out.push(vpLine(l, t.player, names));
  if (!r.victoryPoints) return out;
  if (t.lines.length === 0) out.push("    (no victory points this turn)");
  const scored = Object.entries(t.victoryPoints).filter(([, v]) => v > 0).map(([s, v]) => `${names[s as Side]} +${v}`);
  out.push(`    = ${scored.length ? scored.join(", ") : "0"} → ${names.attacker} ${t.totals.attacker}, ${names.defender} ${t.totals.defender}`);
  return out;
}

export function formatReport(r: ScoreReport): string {
  const names: Record<Side, string> = { attacker: r.attacker.name, defender: r.defender.name };
  const b = r.battleplan;
  const out = [
    `${b.name} — Battleplan Table ${b.table}, ${b.number} (${b.ruleId}) — ${r.pointsLimit} points`,
    `Attacker: ${r.attacker.name}${r.attacker.faction ? ` (${r.attacker.faction})` : ""}, ${r.attacker.territory} territory, grand strategy ${r.attacker.grandStrategy.name}`,
    `Defender: ${r.defender.name}${r.defender.faction ? ` (${r.defender.faction})` : ""}, ${r.defender.territory} territory, grand strategy ${r.defender.grandStrategy.name}`,
  ];
  if (!r.victoryPoints) out.push("No victory points on this battleplan: a major victory only by controlling every objective from round 3 (PB-BP-01).");
  for (const round of r.rounds) {
    out.push("", `Battle round ${round.round} — ${names[round.first]} takes the first turn`);
    for (const n of round.notes) out.push(`  ·  ${n.text} (${n.ruleId})`);
    for (const t of round.turns) out.push(...turnText(t, r, names));
  }
  out.push("");
  if (!r.finished) {
    const last = r.rounds.at(-1);
    out.push(`Battle in progress${last ? ` (battle round ${last.round} of 5)` : ""}: no result yet.`);
  } else {
    out.push("End of the battle");
    for (const side of ["attacker", "defender"] as const) {
      const p = r[side];
      const line = r.endOfBattle.find((l) => l.player === side);
      if (line) out.push(vpLine(line, null, names));
      else if (p.grandStrategy.completed === null) out.push(`    ${p.name}: grand strategy ${p.grandStrategy.name} not recorded (the battle was decided before the end)`);
      else out.push(`    ${p.name}: grand strategy ${p.grandStrategy.name} ${p.grandStrategy.completed ? "completed (no VP on this battleplan)" : "not completed"}`);
    }
  }
  out.push("");
  if (r.victoryPoints) out.push(`Victory points: ${names.attacker} ${r.attacker.victoryPoints}, ${names.defender} ${r.defender.victoryPoints}`);
  out.push(
    `Battle tactics completed: ${names.attacker} ${r.attacker.battleTacticsCompleted}, ${names.defender} ${r.defender.battleTacticsCompleted}`,
  );
  if (r.result) out.push(`Result: ${r.result.text}`);
  return out.join("\n");
}
