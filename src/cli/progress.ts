/** The progress line of a long CLI job on stderr (arena games, review decisions). */

/** "[#####.....]  40%  4/10 games, 12 s left" (time left from the pace so far). */
export function progressLine(done: number, total: number, unit: string, elapsedMs: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const left = done === 0 ? "" : `, ${formatSeconds(((total - done) * elapsedMs) / done / 1000)} left`;
  return `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round((100 * done) / total)).padStart(3)}%  ${done}/${total} ${unit}${left}   `;
}

export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}
