import http from "node:http";
import { expect, test } from "./fixtures";

/**
 * Clean 4xx at the edges (issue 23 item 6), against the production build in workerd: a request
 * the app cannot serve gets a clear refusal, never a 500 with a stack. Requests only: the same
 * in the js and no-js projects.
 */

/** A raw request (fetch refuses TRACE and CONNECT), answering the status, headers and body. */
function raw(baseURL: string, method: string, path: string) {
  const url = new URL(path, baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path: url.pathname }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // A CONNECT's answer comes as "connect", whatever its status.
    request.on("connect", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: "" });
    });
    request.on("error", reject);
    request.end();
  });
}

const noStack = /at \S+ \(|Unexpected Server Error|TypeError/;

test.describe("clean 4xx at the edges", () => {
  test("a page post without a body, or with one that is not a form, is a 400 (not a 500)", async ({ request }) => {
    const empty = await request.post("/newsletter");
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toBe("Bad Request: the form data could not be read.");
    const json = await request.post("/newsletter", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from('{"email": "x@'),
    });
    expect(json.status()).toBe(400);
    const broken = await request.post("/newsletter", {
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      data: Buffer.from('--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end'),
    });
    expect(broken.status()).toBe(400);
    expect(await broken.text()).not.toMatch(noStack);
    // A page whose action is a form of its own (the in-place Contact Sales form).
    expect((await request.post("/pricing")).status()).toBe(400);
  });

  test("a method a page does not serve is a 405 with Allow", async ({ request }) => {
    for (const path of ["/", "/robots.txt", "/blog"]) {
      const form = await request.post(path, { form: { anything: "at all" } });
      expect(form.status(), path).toBe(405);
      expect(form.headers().allow, path).toBe("GET, HEAD");
      const bare = await request.post(path);
      expect(bare.status(), path).toBe(405);
      expect(bare.headers().allow, path).toBe("GET, HEAD");
    }
  });

  test("OPTIONS on a page names what it serves", async ({ request }) => {
    const options = await request.fetch("/newsletter", { method: "OPTIONS" });
    expect(options.status()).toBe(405);
    expect(options.headers().allow).toBe("GET, HEAD, POST");
  });

  // CONNECT never reaches the fetch handler: workerd routes it to a `connect()` handler, which
  // this Worker does not export (the runtime answers 500 itself, before any of the app runs).
  test("TRACE is refused without a stack: no path of this site implements it", async ({ baseURL }) => {
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/newsletter"],
      ["TRACE", "/api/blogs"],
    ]) {
      const answer = await raw(baseURL ?? "", method ?? "", path ?? "");
      expect(answer.status, `${method} ${path}`).toBe(501);
      expect(answer.body, `${method} ${path}`).not.toMatch(noStack);
    }
  });

  test("/api: malformed JSON is the documented 400, a wrong method a 405 with Allow", async ({ request }) => {
    const malformed = await request.post("/api/auth/login", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from('{"email": '),
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, error: "Malformed JSON body." });
    const wrong = await request.delete("/api/auth/login");
    expect(wrong.status()).toBe(405);
    expect(wrong.headers().allow).toBe("POST");
    expect(await wrong.json()).toEqual({ success: false, error: "Method DELETE is not allowed here." });
  });
});
