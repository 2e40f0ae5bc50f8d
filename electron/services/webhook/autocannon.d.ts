// The part of autocannon 8's API our load test and benchmark use (the package ships no types).
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void
  }
  export interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  export interface AutocannonResult {
    requests: Histogram & { sent: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  export interface AutocannonOptions {
    url: string
    connections?: number
    amount?: number
    duration?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: AutocannonRequest[]
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult> & { stop(): void }
  export default autocannon
}
