/**
 * One IndexedDB object store, opened per request and closed after it: the games in play (play/store.ts) and
 * the BSData factions kept (bsdata/kept.ts). A write resolves once its transaction has committed, so a
 * reload right after it finds what was written; a failed or aborted transaction rejects with its error.
 */
export type StoreRun = <T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest) => Promise<T>;

export function idbStore(db: string, store: string): StoreRun {
  const open = (): Promise<IDBDatabase> =>
    new Promise((resolve, reject) => {
      const req = indexedDB.open(db, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(store);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error("IndexedDB could not be opened"));
    });
  return async <T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<T> => {
    const conn = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = conn.transaction(store, mode);
        const req = f(tx.objectStore(store));
        let result: T;
        req.onsuccess = () => (result = req.result as T);
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(tx.error ?? req.error ?? new Error("IndexedDB request failed"));
        tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
      });
    } finally {
      conn.close();
    }
  };
}
