// `npm run lint`'s formatting step: `prettier --check .` once the repository has had its one repo-wide reformat.
// That commit is named in .git-blame-ignore-revs (so `git blame` looks through it); until the file names one, the
// check says it is not active yet instead of failing on every file written before Prettier was adopted.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const revs = fs.existsSync('.git-blame-ignore-revs') ? fs.readFileSync('.git-blame-ignore-revs', 'utf8') : ''
if (!/^[0-9a-f]{40}$/m.test(revs)) {
  console.log(
    'format check: not active until the repo-wide reformat is named in .git-blame-ignore-revs (docs/architecture.md)',
  )
  process.exit(0)
}
const run = spawnSync(
  process.execPath,
  ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  {
    stdio: 'inherit',
  },
)
if (run.status !== 0) console.error('format check: run `npm run format` and commit the result.')
process.exit(run.status ?? 1)
