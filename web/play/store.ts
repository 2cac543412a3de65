/**
 * Games kept in the browser (IndexedDB, database "tactica", store "games"): one game in play per view, under
 * the view's key, written after every decision, so a reload mid-game restores it. Nothing leaves the machine.
 */
const DB = "tactica";
const STORE = "games";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB could not be opened"));
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = f(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result as T);
      req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
    });
  } finally {
    db.close();
  }
}

export const loadGame = (key: string): Promise<unknown> => run("readonly", (s) => s.get(key));
export const saveGame = (key: string, value: unknown): Promise<void> => run("readwrite", (s) => s.put(value, key));
export const forgetGame = (key: string): Promise<void> => run("readwrite", (s) => s.delete(key));
