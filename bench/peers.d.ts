// html-to-docx ships no type declarations: the part of its API the benchmark calls.
declare module "html-to-docx" {
  export default function HTMLtoDOCX(
    html: string,
    headerHtml: string | null,
    options?: Record<string, unknown>,
    footerHtml?: string,
  ): Promise<Buffer | Blob>;
}

// autocannon ships no type declarations either: the part of its API the server bench calls.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Context = Record<string, unknown>;
    type RequestStep = Request & {
      setupRequest?: (request: Request, context: Context) => Request;
      onResponse?: (status: number, body: string, context: Context, headers?: Record<string, string>) => void;
    };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      amount?: number;
      maxOverallRequests?: number;
      connectionRate?: number;
      headers?: Record<string, string>;
      requests?: RequestStep[];
    };
    type Result = { requests: { total: number }; errors: number; timeouts: number; non2xx: number };
    type Instance = EventEmitter & { stop(): void };
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
