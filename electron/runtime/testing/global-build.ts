// vitest and Playwright global set-up: the server bundle the tests start (serve-child.ts) is built once here,
// before any worker starts, only when a source changed since the last build.
import { ensureServerBuild } from './server-build'

export default function setup(): void {
  ensureServerBuild()
}
