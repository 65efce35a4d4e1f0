import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { readBody } from "./read-body";

/**
 * A real HTTP receiver for the CRM webhook tests (decision 074), run by vitest in Node beside
 * the workerd pool: the Worker code under test posts to it over the loopback network as it would
 * to a CRM. `POST /hook/<box>?status=<code>&delay=<ms>&size=<bytes>` records the request under
 * <box> and answers `status` (default 200) after `delay`, with a body of `size` bytes;
 * `GET /received/<box>` answers what <box> received, in order. Each test uses its own box.
 */
type Received = { headers: Record<string, string>; body: string; at: number };

declare module "vitest" {
  export interface ProvidedContext {
    webhookReceiver: string;
  }
}

export default async function setup(project: TestProject) {
  const boxes = new Map<string, Received[]>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const [, kind, box = ""] = url.pathname.split("/");
    if (request.method === "GET" && kind === "received") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(boxes.get(box) ?? []));
      return;
    }
    if (request.method !== "POST" || kind !== "hook") {
      response.writeHead(404).end();
      return;
    }
    const body = await readBody(request);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    boxes.set(box, [...(boxes.get(box) ?? []), { headers, body, at: Date.now() }]);
    const delay = Number(url.searchParams.get("delay") ?? 0);
    if (delay > 0) {
      // A request held past the sender's timeout: the wait ends early when the sender hangs up.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        response.on("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (response.destroyed) return;
    }
    const size = Number(url.searchParams.get("size") ?? 0);
    response.writeHead(Number(url.searchParams.get("status") ?? 200), { "Content-Type": "text/plain" });
    response.end(size > 0 ? "x".repeat(size) : `received ${box}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("webhookReceiver", `http://127.0.0.1:${port}`);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A request still held (`delay`) must not keep the run from ending.
      server.closeAllConnections();
    });
}
