import { requestPolicy } from "./request-policy.server";
import type { RoutePolicy } from "./route-policy";

/**
 * HTML form posts are capped before anything parses them (decision 014), as `/api` bodies are
 * (64 KB, in its dispatcher). The blog editor carries whole articles (50,000 characters, up to
 * 9 bytes each once a non-Latin character is percent-encoded), so its pages get more.
 */
export const MAX_FORM_BYTES = 64 * 1024; // 64 KiB
export const MAX_EDITOR_FORM_BYTES = 1024 * 1024; // 1 MiB
/** An image upload: the 5 MiB image (MAX_IMAGE_BYTES) plus its alt text and the multipart framing. */
export const MAX_UPLOAD_FORM_BYTES = 5 * 1024 * 1024 + 8 * 1024; // 5 MiB + 8 KiB

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPE = /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

/** The cap each route declares (`body` in its policy, decision 061). */
const FORM_LIMITS: Record<Exclude<RoutePolicy["body"], "api">, number> = {
  form: MAX_FORM_BYTES,
  editor: MAX_EDITOR_FORM_BYTES,
  upload: MAX_UPLOAD_FORM_BYTES,
};

function refusal(status: 400 | 413, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * An image upload over the cap goes back to its post's editor, which says so at the file field
 * with the limit and the file's size (`uploadTooLarge`, bytes; 0 when the body did not say),
 * instead of a bare text page with no way back. The editor is that of the path's post.
 */
function uploadRefusal(pathname: string, size: number) {
  const editor = pathname.replace(/\/images(?:\.data)?$/, "/edit");
  return new Response(null, { status: 303, headers: { Location: `${editor}?uploadTooLarge=${size}#images` } });
}

/**
 * Bodies over the cap are still read to the end (and thrown away, never kept or parsed) up to
 * this size, so the answer does not come while the client is still sending: the local server's
 * proxy (vite preview → miniflare) fails such a request with a 500 instead of passing the 413.
 */
const DRAIN_BYTES = 32 * 1024 * 1024; // 32 MiB

/** The body's whole size once drained, or 0 when it was longer than DRAIN_BYTES (not read to its end). */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  for (let size = read; size <= DRAIN_BYTES; ) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
  }
  await reader.cancel();
  return 0;
}

/** Reads at most `limit` bytes; `bytes` is null when the body is longer, `size` then its drained size. */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> | null; size: number }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return { bytes: null, size: await discard(reader, size) };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, size };
}

/**
 * The request to serve, with its body read into memory once it is known to fit, or the
 * answer when it does not: 413 over the cap, 400 for a form body that cannot be parsed (so a
 * malformed multipart body is the client's error, not a 500 from the action). `/api` keeps
 * its own JSON answers.
 */
export async function capFormBody(request: Request): Promise<Request | Response> {
  const url = new URL(request.url);
  if (!BODY_METHODS.has(request.method.toUpperCase()) || !request.body) return request;
  const { body } = requestPolicy(request);
  if (body === "api") return request;
  const limit = FORM_LIMITS[body];
  const declared = Number(request.headers.get("Content-Length") ?? "0") || 0;
  const tooLarge = (size: number) =>
    body === "upload"
      ? uploadRefusal(url.pathname, size)
      : refusal(413, `Request body is too large (limit ${limit / 1024} KB).`);
  if (declared > limit) {
    await discard(request.body.getReader(), 0);
    return tooLarge(declared);
  }
  const { bytes, size } = await readCapped(request.body, limit);
  if (!bytes) return tooLarge(size);
  const type = request.headers.get("Content-Type") ?? "";
  if (FORM_TYPE.test(type)) {
    try {
      await new Request(url, { method: "POST", headers: { "Content-Type": type }, body: bytes }).formData();
    } catch {
      return refusal(400, "The form data could not be read.");
    }
  }
  return new Request(request, { body: bytes });
}
