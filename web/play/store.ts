/**
 * Games kept in the browser (IndexedDB, database "tactica", store "games"): one game in play per view, under
 * the view's key, written after every decision, so a reload mid-game restores it. Nothing leaves the machine.
 */
import { idbStore } from "../idb.js";

const run = idbStore("tactica", "games");

export const loadGame = (key: string): Promise<unknown> => run("readonly", (s) => s.get(key));
export const saveGame = (key: string, value: unknown): Promise<void> => run("readwrite", (s) => s.put(value, key));
export const forgetGame = (key: string): Promise<void> => run("readwrite", (s) => s.delete(key));
