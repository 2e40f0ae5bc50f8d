import type { Database } from 'better-sqlite3'

// One event at a time per contact within this process. A step reads the paused run, awaits the engine (an HTTP
// Call, a script) and then commits; two events of one contact interleaved there (the wake timer and the tester's
// message, "Skip ahead" and the timer) would both resume the same paused state. SQLite's exclusive lock keeps other
// processes out (docs/storage.md), so queuing in memory per database is enough. The production runtime takes its own
// lock per contact in its store.

const queues = new WeakMap<Database, Map<string, Promise<unknown>>>()

export async function withContactLock<T>(db: Database, contactId: string, work: () => Promise<T>): Promise<T> {
  let byContact = queues.get(db)
  if (!byContact) queues.set(db, (byContact = new Map()))
  const before = byContact.get(contactId) ?? Promise.resolve()
  const run = before.then(work, work)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  byContact.set(contactId, settled)
  try {
    return await run
  } finally {
    // The last in the queue removes it, so the map holds only contacts with an event in flight.
    if (byContact.get(contactId) === settled) byContact.delete(contactId)
  }
}
