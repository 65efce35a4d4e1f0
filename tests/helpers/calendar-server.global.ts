import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { readBody } from "./read-body";

/**
 * A real HTTP server of calendar files for the busy-calendar tests (decision 086), run by vitest in
 * Node beside the workerd pool like the webhook receiver: the Worker code under test reads from it
 * over the loopback network as it would from Google or Outlook.
 * - `GET /files/<name>` answers tests/fixtures/ics/<name> (real-world export shapes);
 * - `PUT /boxes/<box>` stores a calendar a test wrote, `GET /boxes/<box>` answers it;
 * - on any GET: `?status=<code>` answers that status, `?delay=<ms>` waits first, `?pad=<bytes>`
 *   adds that many bytes of folded comment lines, `?redirect=<url>` answers 302 to it,
 *   `?hold=<key>` answers only once `POST /release/<key>` came (a test shows a save does not wait);
 * - `GET /hits/<box>` answers how many GETs `/boxes/<box>` has had (a test counts the reads).
 */

declare module "vitest" {
  export interface ProvidedContext {
    calendarServer: string;
  }
}

const FIXTURES = new URL("../fixtures/ics/", import.meta.url);

export default async function setup(project: TestProject) {
  const boxes = new Map<string, string>();
  const hits = new Map<string, number>();
  const held = new Map<string, { promise: Promise<void>; release: () => void }>();
  const gate = (key: string) => {
    let entry = held.get(key);
    if (!entry) {
      let release = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      entry = { promise, release };
      held.set(key, entry);
    }
    return entry;
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const [, kind, name = ""] = url.pathname.split("/");
    if (request.method === "PUT" && kind === "boxes") {
      boxes.set(name, await readBody(request));
      response.writeHead(204).end();
      return;
    }
    if (request.method === "POST" && kind === "release") {
      gate(name).release();
      response.writeHead(204).end();
      return;
    }
    if (kind === "hits") {
      response.writeHead(200, { "Content-Type": "text/plain" }).end(String(hits.get(name) ?? 0));
      return;
    }
    if (kind === "boxes") hits.set(name, (hits.get(name) ?? 0) + 1);
    const hold = url.searchParams.get("hold");
    if (hold) await gate(hold).promise;
    const delay = Number(url.searchParams.get("delay") ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const redirect = url.searchParams.get("redirect");
    if (redirect) {
      response.writeHead(302, { Location: redirect }).end();
      return;
    }
    const status = Number(url.searchParams.get("status") ?? 200);
    let body: string | undefined;
    if (kind === "boxes") body = boxes.get(name);
    else if (kind === "files" && /^[\w-]+\.ics$/.test(name)) {
      body = await readFile(new URL(name, FIXTURES), "utf8").catch(() => undefined);
    }
    if (body === undefined || status !== 200) {
      response.writeHead(body === undefined ? 404 : status).end();
      return;
    }
    const pad = Number(url.searchParams.get("pad") ?? 0);
    if (pad > 0) body = body.replace("BEGIN:VEVENT", `X-PADDING:${"x".repeat(pad)}\r\nBEGIN:VEVENT`);
    response.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("calendarServer", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
