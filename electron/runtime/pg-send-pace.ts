// One send pace per phone number across PostgreSQL instances (docs/runtime.md, "Broadcasts: the engine", "Pace"): the
// number's token bucket is a row of `send_pace` (migration 031), and each instance's pacer (send-pacer.ts) takes its
// tokens from it a few at a time, so instances given the same --send-rate send at that rate between them, whichever
// of them has the work (a split rate held the one with more of it at its half while the other ran dry).
import type pg from 'pg'
import type { SharedPace } from './send-pacer'

// The bucket refilled to `now` at `rate`, holding at most `burst`; up to `want` whole tokens taken from it, in one
// statement (the row's lock orders the instances). The first take makes the row, full. An instance whose clock is
// behind never refills it backwards (greatest).
const TAKE = `
  INSERT INTO send_pace AS p (number, tokens, at, granted)
  VALUES ($1, $4::float8 - least($2, floor($4::float8)), $5, least($2, floor($4::float8)))
  ON CONFLICT (number) DO UPDATE SET
    granted = least($2, floor(least($4::float8, p.tokens + greatest(0, $5 - p.at) * $3::float8 / 1000))),
    tokens = least($4::float8, p.tokens + greatest(0, $5 - p.at) * $3::float8 / 1000)
             - least($2, floor(least($4::float8, p.tokens + greatest(0, $5 - p.at) * $3::float8 / 1000))),
    at = greatest(p.at, $5)
  RETURNING granted`

export function pgSendPace(pool: pg.Pool, number: string): SharedPace {
  return {
    async take(want, rate, burst, now) {
      const { rows } = await pool.query<{ granted: number }>({
        name: 'chatflow_send_pace',
        text: TAKE,
        values: [number, want, rate, burst, now],
      })
      return Math.max(0, Number(rows[0]?.granted ?? 0))
    },
  }
}
