/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Each connection sends these in turn, starting over at the end. */
    requests?: { method?: 'GET' | 'POST'; path: string }[];
  }
  interface Stat {
    average: number;
    total: number;
  }
  interface Result {
    requests: Stat;
    throughput: Stat;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
