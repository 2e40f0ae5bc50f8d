// Takeovers kept in SQLite (migration 027): the studio's RunService and the runtime's SQLite store share this.
export { HandoverStore, HandoverConflict, type HandoverRecord } from './store'
