import { href, Link } from "react-router";
import { BRAND } from "~/lib/brand";
import type { Route } from "./+types/docs";
import { openApiDocument } from "./document.server";

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, unknown>[];
  requestBody?: { content: { "application/json": { schema: unknown } } };
  parameters: { name: string; in: string; required: boolean }[];
  responses: Record<string, { description: string }>;
};

/**
 * Only what the page shows, as text: the loader's answer is also the page's route data, so the
 * response schemas the page does not show are left out of it, and each request body's schema is
 * printed here once rather than carried as JSON Schema and printed again while rendering.
 */
export function loader(_: Route.LoaderArgs) {
  const document = openApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({
      operationId: op.operationId,
      path,
      method,
      summary: op.summary,
      tag: op.tags[0] ?? "Other",
      audience: audience(op.security),
      parameters: op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ", required" : ""})`).join(", "),
      requestBody: op.requestBody ? JSON.stringify(op.requestBody.content["application/json"].schema, null, 2) : null,
      responses: Object.entries(op.responses).map(([status, response]) => ({
        status,
        description: response.description,
      })),
    })),
  );
  const tags = [...new Set(operations.map((op) => op.tag))].map((name) => ({ name, id: slug(name) }));
  const webhooks = Object.entries(
    (document as { webhooks?: Record<string, { post: WebhookOperation }> }).webhooks ?? {},
  ).map(([name, { post }]) => ({
    name,
    id: `webhook-${slug(name)}`,
    summary: post.summary,
    body: JSON.stringify(post.requestBody.content["application/json"].schema, null, 2),
  }));
  return { tags, operations, webhooks };
}

type WebhookOperation = { summary: string; requestBody: { content: { "application/json": { schema: unknown } } } };

/** How a receiver checks a delivery (decision 074), in JavaScript with Web Crypto (Node 20+, Workers, Deno). */
const VERIFY_EXAMPLE = `// Verify a Flowlane webhook before trusting it: the raw body, untouched.
async function verifyFlowlaneWebhook(request, secret, toleranceSeconds = 300) {
  const body = await request.text();
  const header = request.headers.get("Flowlane-Signature") ?? "";
  const parts = Object.fromEntries(header.split(",").map((kv) => kv.split("=", 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return null;
  const key = await crypto.subtle.importKey(
    "raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const mac = Uint8Array.from(parts.v1?.match(/../g) ?? [], (h) => parseInt(h, 16));
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify("HMAC", key, mac, new TextEncoder().encode(\`\${t}.\${body}\`));
  return ok ? JSON.parse(body) : null; // {id, type, createdAt, data}: process each id once
}`;

/** An id and fragment without spaces: "Email verification" → "email-verification". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Who may call an operation, from its security requirements (`{}` = anonymous allowed). */
function audience(security: Record<string, unknown>[]) {
  if (security.length === 0) return null;
  return security.some((requirement) => Object.keys(requirement).length === 0) ? "optional sign-in" : "admin";
}

const METHOD_COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  post: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
  put: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  patch: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
  delete: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { tags, operations, webhooks } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <p className="text-sm">
        <Link to={href("/")} className="text-brand-700 hover:underline dark:text-brand-300">
          ← {BRAND.name}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{BRAND.name} API</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        JSON over HTTPS. Failures answer <code>{"{ success: false, error, details? }"}</code>. Admin endpoints need{" "}
        <code>Authorization: Bearer &lt;data.accessToken&gt;</code> from <code>POST /api/auth/login</code> or the
        console's session cookie. The machine-readable document is{" "}
        <a className="text-brand-700 underline dark:text-brand-300" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <nav aria-label="API sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a key={tag.id} href={`#${tag.id}`} className="btn-secondary">
            {tag.name}
          </a>
        ))}
        {webhooks.length > 0 ? (
          <a href="#webhooks" className="btn-secondary">
            Webhooks
          </a>
        ) : null}
      </nav>
      {tags.map((tag) => (
        <section key={tag.id} id={tag.id} className="mt-10">
          <h2 className="text-2xl font-semibold">{tag.name}</h2>
          <div className="mt-4 space-y-3">
            {operations
              .filter((op) => op.tag === tag.name)
              .map((op) => (
                <details key={op.operationId} id={op.operationId} className="card p-4">
                  <summary className="flex flex-wrap items-center gap-3">
                    <span
                      className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_COLORS[op.method] ?? ""}`}
                    >
                      {op.method}
                    </span>
                    <code className="font-mono text-sm">{op.path}</code>
                    <span className="text-sm text-slate-600 dark:text-slate-300">{op.summary}</span>
                    {op.audience ? (
                      <span className="rounded bg-slate-200 px-2 py-0.5 text-xs dark:bg-slate-700">{op.audience}</span>
                    ) : null}
                  </summary>
                  <div className="mt-4 space-y-3 text-sm">
                    {op.parameters ? <p>Parameters: {op.parameters}</p> : null}
                    {op.requestBody ? (
                      <div>
                        <p className="font-semibold">Request body</p>
                        <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
                          {op.requestBody}
                        </pre>
                      </div>
                    ) : null}
                    <ul className="list-inside list-disc">
                      {op.responses.map(({ status, description }) => (
                        <li key={status}>
                          <strong>{status}</strong> {description}
                        </li>
                      ))}
                    </ul>
                  </div>
                </details>
              ))}
          </div>
        </section>
      ))}
      {webhooks.length > 0 ? (
        <section id="webhooks" className="mt-10">
          <h2 className="text-2xl font-semibold">Webhooks</h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            Each endpoint added in Settings → Integrations (or with <code>POST /api/integrations/webhooks</code>)
            receives a <code>POST</code> of <code>{"{ id, type, createdAt, data }"}</code> for the events it chose, with
            the header{" "}
            <code>
              Flowlane-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of "&lt;t&gt;.&lt;raw body&gt;"&gt;
            </code>{" "}
            made with the endpoint's secret. Any 2xx answer within 10 seconds counts as delivered; anything else is
            retried with backoff (8 attempts over about two hours), and every delivery can be replayed from its log. The
            same event (same <code>id</code>) can arrive more than once.
          </p>
          <h3 className="mt-6 text-lg font-semibold">Verifying the signature</h3>
          <pre
            className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800"
            data-testid="verify-example"
          >
            {VERIFY_EXAMPLE}
          </pre>
          <div className="mt-6 space-y-3">
            {webhooks.map((hook) => (
              <details key={hook.id} id={hook.id} className="card p-4">
                <summary className="flex flex-wrap items-center gap-3">
                  <code className="font-mono text-sm">{hook.name}</code>
                  <span className="text-sm text-slate-600 dark:text-slate-300">{hook.summary}</span>
                </summary>
                <p className="mt-4 text-sm font-semibold">Body</p>
                <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
                  {hook.body}
                </pre>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </main>
  );
}

export function meta() {
  return [
    { title: `API documentation | ${BRAND.name}` },
    { name: "description", content: `Reference of the ${BRAND.name} web API, generated from its OpenAPI document.` },
  ];
}
