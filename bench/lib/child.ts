// Runs a bundled bench script in a fresh Node process and parses the one JSON line it prints.

import { spawn } from "node:child_process";

export function runChild<T>(script: string, request: unknown, nodeArgs: readonly string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, JSON.stringify(request)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) {
        reject(new Error(`${script} ${JSON.stringify(request)} exited ${code}:\n${err.trim() || out.trim()}`));
        return;
      }
      resolve(JSON.parse(line) as T);
    });
  });
}
