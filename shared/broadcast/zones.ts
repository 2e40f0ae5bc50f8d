// Time zones for broadcasts: wall-clock times in an IANA zone to instants (DST-correct, through Intl, no tables of
// offsets), and the zone of a contact (docs/runtime.md, "Broadcasts").
import { getCountry } from 'countries-and-timezones'
import { phoneCountry } from './phone'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, f)
  }
  return f
}

/** Whether Intl knows this IANA zone name (`Europe/London`; `UTC` too). */
export function isZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

/** The wall-clock reading of an instant in a zone. */
export function wallTime(at: number, zone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {}
  for (const p of formatter(zone).formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(zone: string, at: number): number {
  const t = Math.floor(at / 1000) * 1000
  const w = wallTime(t, zone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - t
}

/**
 * The instant a wall-clock time happens in a zone. A time that happens twice (the clocks go back) is its first
 * occurrence; a time that does not happen (the clocks go forward over it) is read with the offset before the change,
 * so it lands as far after the change as it was after the gap's start (02:30 on a spring-forward night at 01:00 UTC
 * in London is 03:30 BST), as the channel's own schedulers and calendars do.
 */
export function zonedToEpoch(w: WallTime, zone: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
  const around = [offsetAt(zone, guess - 86_400_000), offsetAt(zone, guess + 86_400_000)]
  const fits = around.map((o) => guess - o).filter((t) => offsetAt(zone, t) === guess - t)
  if (fits.length > 0) return Math.min(...fits)
  return guess - Math.min(...around)
}

/**
 * The main zone of countries the channel's markets span several zones of: the most populous one (tzdata's
 * zone1970.tab orders a country's zones by geography, not population, and the library lists them alphabetically).
 * A country with several zones not listed here has no main zone: its contacts get the broadcast's fallback zone.
 */
const MAIN_ZONE: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
  VN: 'Asia/Ho_Chi_Minh',
}

/**
 * The zone of a country (ISO 3166 alpha-2): its one zone (countries-and-timezones, from tzdata), or its main zone
 * when it spans several (MAIN_ZONE); null when neither is known.
 */
export function countryZone(country: string): string | null {
  const main = MAIN_ZONE[country]
  if (main) return main
  const zones = getCountry(country as Parameters<typeof getCountry>[0])?.timezones ?? []
  return zones.length === 1 && isZone(zones[0]!) ? zones[0]! : null
}

/**
 * A contact's zone: its `timezone` field when it names a zone, else the zone of its number's country, else the
 * broadcast's fallback.
 */
export function contactZone(
  contact: { phone: string; fields?: Record<string, unknown> },
  fallbackZone: string,
): string {
  const own = contact.fields?.timezone
  if (typeof own === 'string' && isZone(own.trim())) return own.trim()
  const country = phoneCountry(contact.phone)
  return (country && countryZone(country)) || fallbackZone
}
