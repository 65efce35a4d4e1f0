import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Draws the marketing illustrations as small static SVG files in public/illustrations/:
 * `node scripts/media/illustrations.ts`. They are loaded lazily with <img> (no JavaScript
 * cost) and inverted with a hue rotation in the dark theme, so one light palette serves both.
 */
const out = path.resolve(import.meta.dirname, "../../public/illustrations");
const W = 480;
const H = 360;

const C = {
  brand50: "#eff5ff",
  brand100: "#dbe8ff",
  brand200: "#b7d1ff",
  brand500: "#386af1",
  brand600: "#2351de",
  brand800: "#12308f",
  accent: "#00baa2",
  accentSoft: "#c9f5ee",
  amber: "#f59e0b",
  amberSoft: "#fde68a",
  rose: "#f43f5e",
  roseSoft: "#fecdd3",
  violetSoft: "#e9d5ff",
  slate100: "#f1f5f9",
  slate200: "#e2e8f0",
  slate300: "#cbd5e1",
  slate400: "#94a3b8",
  slate500: "#64748b",
  slate700: "#334155",
  slate900: "#0f172a",
  white: "#ffffff",
};
const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

type Attrs = Record<string, string | number>;
const attrs = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ");
const rect = (x: number, y: number, w: number, h: number, a: Attrs = {}) =>
  `<rect ${attrs({ x, y, width: w, height: h, rx: 10, fill: C.white, ...a })}/>`;
const panel = (x: number, y: number, w: number, h: number, a: Attrs = {}) =>
  rect(x, y, w, h, { stroke: C.slate200, "stroke-width": 1.5, rx: 14, filter: "url(#s)", ...a });
const bar = (x: number, y: number, w: number, fill: string = C.slate200, h = 8) =>
  rect(x, y, w, h, { rx: h / 2, fill });
const text = (x: number, y: number, value: string, a: Attrs = {}) =>
  `<text ${attrs({ x, y, "font-size": 13, "font-weight": 600, fill: C.slate900, ...a })}>${value}</text>`;
const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  `<circle ${attrs({ cx, cy, r, fill, ...a })}/>`;
const check = (cx: number, cy: number, fill: string = C.accent, r = 10) =>
  `${circle(cx, cy, r, fill)}<path d="M${cx - r * 0.42} ${cy} l${r * 0.3} ${r * 0.3} l${r * 0.55} -${r * 0.6}" fill="none" stroke="#fff" stroke-width="${r * 0.24}" stroke-linecap="round" stroke-linejoin="round"/>`;
const edge = (d: string, a: Attrs = {}) =>
  `<path ${attrs({ d, fill: "none", stroke: C.slate400, "stroke-width": 2, "stroke-dasharray": "5 5", ...a })}/>`;
const blob = (cx: number, cy: number, r: number, fill: string = C.brand100) =>
  circle(cx, cy, r, fill, { opacity: 0.7 });
const pill = (x: number, y: number, label: string, fill: string, color: string, w = label.length * 7 + 20) =>
  `${rect(x, y, w, 22, { rx: 11, fill })}${text(x + w / 2, y + 15, label, { "font-size": 11, fill: color, "text-anchor": "middle" })}`;
const node = (x: number, y: number, kind: string, title: string, border: string = C.slate300, w = 150) =>
  `${panel(x, y, w, 52, { stroke: border, "stroke-width": 2, rx: 12 })}${text(x + 12, y + 20, kind.toUpperCase(), {
    "font-size": 9,
    fill: C.slate500,
    "letter-spacing": 1,
  })}${text(x + 12, y + 38, title, { "font-size": 12.5 })}`;

function svg(body: string, title: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="${FONT}" role="img"><title>${title}</title><defs><filter id="s" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#0f2669" flood-opacity=".12"/></filter></defs>${body}</svg>\n`;
}

const illustrations: Record<string, [string, string]> = {
  "workflow-builder": [
    "Drag-and-drop workflow builder",
    [
      blob(400, 70, 70),
      blob(70, 300, 60, C.accentSoft),
      panel(20, 24, 440, 312),
      rect(20, 24, 110, 312, { fill: C.slate100, rx: 14 }),
      ...["Form", "Approval", "Condition", "Email", "CRM sync"].map(
        (label, i) =>
          `${rect(32, 48 + i * 44, 86, 32, { fill: C.white, stroke: C.slate200, rx: 8 })}${rect(
            40,
            58 + i * 44,
            12,
            12,
            {
              rx: 3,
              fill: [C.brand100, C.accentSoft, C.amberSoft, C.violetSoft, C.roseSoft][i] as string,
            },
          )}${text(58, 69 + i * 44, label, { "font-size": 11, "font-weight": 500 })}`,
      ),
      edge("M 220 98 L 220 130 L 370 130 L 370 160"),
      edge("M 370 212 L 370 244 L 220 244 L 220 262"),
      node(145, 46, "Trigger", "Request raised", C.brand500),
      node(295, 160, "Approval", "Team lead", C.brand500),
      node(145, 262, "Action", "Notify requester"),
      check(292, 48),
      check(442, 162),
      `${rect(150, 170, 70, 32, { fill: C.white, stroke: C.brand500, "stroke-width": 2, rx: 8, "stroke-dasharray": "4 3" })}${text(166, 191, "Email", { "font-size": 11, fill: C.brand600 })}`,
      `<path d="M 208 196 l 10 16 l 3 -7 l 7 -2 z" fill="${C.slate900}" stroke="#fff" stroke-width="1.2"/>`,
    ].join(""),
  ],
  approvals: [
    "A three-level approval chain",
    [
      blob(90, 80, 70),
      blob(410, 290, 60, C.accentSoft),
      panel(40, 36, 400, 288),
      text(64, 72, "Purchase request PR-2291", { "font-size": 15 }),
      text(64, 94, "₹1,84,000 · Facilities", { "font-size": 12, "font-weight": 400, fill: C.slate500 }),
      pill(340, 58, "In review", C.amberSoft, "#92400e", 80),
      ...[
        ["Priya S.", "Team lead", "Approved 09:12", "ok"],
        ["Arjun M.", "Finance", "Approved 10:47", "ok"],
        ["Neha K.", "Director", "Waiting · due in 6 h", "wait"],
      ].map(([name, role, status, state], i) => {
        const y = 118 + i * 56;
        return [
          i < 2 ? `<path d="M 84 ${y + 22} L 84 ${y + 56}" stroke="${C.accent}" stroke-width="2"/>` : "",
          state === "ok"
            ? check(84, y + 10, C.accent, 12)
            : circle(84, y + 10, 12, C.amberSoft, { stroke: C.amber, "stroke-width": 2 }),
          circle(128, y + 10, 16, [C.brand100, C.accentSoft, C.violetSoft][i] as string),
          text(128, y + 15, (name as string)[0] as string, { "text-anchor": "middle", fill: C.brand800 }),
          text(154, y + 6, name as string),
          text(154, y + 24, `${role} · ${status}`, { "font-size": 11.5, "font-weight": 400, fill: C.slate500 }),
        ].join("");
      }),
      rect(300, 274, 116, 34, { fill: C.brand600, rx: 9 }),
      text(358, 296, "Approve", { fill: C.white, "text-anchor": "middle" }),
      rect(200, 274, 90, 34, { fill: C.white, stroke: C.slate300, rx: 9 }),
      text(245, 296, "Send back", { "text-anchor": "middle", "font-size": 12 }),
    ].join(""),
  ],
  "bid-to-quote": [
    "A quote built from a bid, with line items and approval",
    [
      blob(400, 80, 70, C.accentSoft),
      blob(80, 290, 60),
      panel(30, 28, 300, 304),
      text(54, 62, "Quotation Q-1042", { "font-size": 15 }),
      text(54, 82, "For: Northwind Logistics", { "font-size": 11.5, "font-weight": 400, fill: C.slate500 }),
      rect(54, 100, 252, 1, { fill: C.slate200, rx: 0 }),
      ...[
        ["Workflow licences × 40", "₹96,000"],
        ["Implementation", "₹45,000"],
        ["ERP connector", "₹18,000"],
        ["Training (2 days)", "₹12,000"],
      ].map(
        ([item, amount], i) =>
          `${text(54, 128 + i * 30, item as string, { "font-size": 12, "font-weight": 400, fill: C.slate700 })}${text(306, 128 + i * 30, amount as string, { "font-size": 12, "text-anchor": "end" })}`,
      ),
      rect(54, 240, 252, 1, { fill: C.slate200, rx: 0 }),
      text(54, 266, "Total", { "font-size": 13 }),
      text(306, 266, "₹1,71,000", { "font-size": 16, "text-anchor": "end", fill: C.brand600 }),
      bar(54, 288, 120),
      bar(54, 304, 80),
      `<g transform="rotate(-10 351 304)">${rect(286, 282, 130, 44, { fill: "none", stroke: C.accent, "stroke-width": 3, rx: 8 })}${text(351, 311, "APPROVED", { "text-anchor": "middle", fill: C.accent, "font-size": 16, "letter-spacing": 2 })}</g>`,
      panel(340, 60, 130, 72, { rx: 12 }),
      text(354, 84, "Bid received", { "font-size": 11, "font-weight": 500, fill: C.slate500 }),
      text(354, 108, "Quote in 4 min", { "font-size": 12.5, fill: C.slate900 }),
    ].join(""),
  ],
  "form-builder": [
    "A form builder with a palette of field types",
    [
      blob(410, 70, 70),
      blob(70, 300, 60, C.accentSoft),
      panel(20, 30, 440, 300),
      rect(336, 30, 124, 300, { fill: C.slate100, rx: 14 }),
      text(352, 60, "ELEMENTS", { "font-size": 10, fill: C.slate500, "letter-spacing": 1 }),
      ...["Text", "Number", "Date", "Dropdown", "File upload", "Signature"].map(
        (label, i) =>
          `${rect(350, 74 + i * 40, 96, 30, { fill: C.white, stroke: C.slate200, rx: 7 })}${text(362, 94 + i * 40, label, { "font-size": 11, "font-weight": 500 })}`,
      ),
      text(44, 66, "Vendor onboarding", { "font-size": 15 }),
      ...[
        ["Company name", 260],
        ["GST number", 170],
        ["Category", 200],
      ].map(
        ([label, w], i) =>
          `${text(44, 100 + i * 62, label as string, { "font-size": 11.5, "font-weight": 500, fill: C.slate700 })}${rect(44, 108 + i * 62, 272, 32, { fill: C.white, stroke: i === 1 ? C.brand500 : C.slate300, "stroke-width": i === 1 ? 2 : 1, rx: 8 })}${bar(56, 120 + i * 62, (w as number) - 100, C.slate200)}`,
      ),
      rect(44, 290, 110, 30, { fill: C.brand600, rx: 8 }),
      text(99, 310, "Submit", { fill: C.white, "text-anchor": "middle", "font-size": 12 }),
    ].join(""),
  ],
  "conditional-logic": [
    "Field-wise logic: a rule shows a field only when a condition holds",
    [
      blob(80, 80, 70, C.accentSoft),
      blob(400, 300, 60),
      panel(40, 30, 400, 140),
      text(64, 62, "Rule", { "font-size": 10, fill: C.slate500, "letter-spacing": 1 }),
      text(64, 88, "When", { "font-size": 13, "font-weight": 400, fill: C.slate500 }),
      pill(110, 73, "Expense type", C.brand100, C.brand800, 104),
      text(222, 88, "is", { "font-size": 13, "font-weight": 400, fill: C.slate500 }),
      pill(240, 73, "Travel", C.brand100, C.brand800, 64),
      text(64, 128, "Show", { "font-size": 13, "font-weight": 400, fill: C.slate500 }),
      pill(110, 113, "Trip dates", C.accentSoft, "#065f54", 86),
      pill(202, 113, "Destination", C.accentSoft, "#065f54", 94),
      text(306, 128, "· require receipt", { "font-size": 12, "font-weight": 400, fill: C.slate500 }),
      edge("M 240 170 L 240 196"),
      panel(80, 196, 320, 134),
      text(100, 224, "Expense type", { "font-size": 11.5, fill: C.slate700, "font-weight": 500 }),
      rect(100, 232, 280, 30, { fill: C.white, stroke: C.slate300, rx: 8 }),
      text(112, 252, "Travel", { "font-size": 12, "font-weight": 500 }),
      rect(100, 274, 134, 40, { fill: C.accentSoft, rx: 8, opacity: 0.6 }),
      text(110, 290, "Trip dates", { "font-size": 10.5, fill: "#065f54" }),
      bar(110, 298, 100, C.white),
      rect(246, 274, 134, 40, { fill: C.accentSoft, rx: 8, opacity: 0.6 }),
      text(256, 290, "Destination", { "font-size": 10.5, fill: "#065f54" }),
      bar(256, 298, 100, C.white),
    ].join(""),
  ],
  analytics: [
    "Real-time workflow analytics",
    [
      blob(410, 80, 70),
      blob(70, 290, 60, C.accentSoft),
      panel(24, 30, 432, 300),
      text(48, 64, "Workflow analytics", { "font-size": 15 }),
      pill(350, 48, "Live", C.accentSoft, "#065f54", 50),
      ...[
        ["Avg. cycle time", "3.2 h", "−41%"],
        ["Approved today", "128", "+18%"],
        ["SLA met", "97.4%", "+6%"],
      ].map(
        ([label, value, delta], i) =>
          `${rect(48 + i * 134, 82, 122, 70, { fill: C.slate100, rx: 10 })}${text(60 + i * 134, 104, label as string, { "font-size": 10.5, "font-weight": 500, fill: C.slate500 })}${text(60 + i * 134, 132, value as string, { "font-size": 19 })}${text(156 + i * 134, 132, delta as string, { "font-size": 10.5, fill: "#047857", "text-anchor": "end" })}`,
      ),
      ...[60, 92, 74, 118, 100, 136, 124, 150].map(
        (h, i) => `${rect(60 + i * 46, 306 - h, 26, h, { rx: 5, fill: i === 7 ? C.brand600 : C.brand200 })}`,
      ),
      `<path d="M 73 250 L 119 236 L 165 242 L 211 214 L 257 222 L 303 196 L 349 200 L 395 178" fill="none" stroke="${C.accent}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
      circle(395, 178, 5, C.accent, { stroke: "#fff", "stroke-width": 2 }),
    ].join(""),
  ],
  "integrations-hub": [
    "Flowlane at the centre of CRM, ERP and third-party apps",
    [
      blob(240, 180, 120),
      ...[
        [90, 70, "CRM"],
        [390, 70, "ERP"],
        [60, 180, "Email"],
        [420, 180, "Chat"],
        [90, 290, "Storage"],
        [390, 290, "E-sign"],
      ].map(([x, y]) => edge(`M 240 180 L ${x} ${y}`, { stroke: C.brand200 })),
      ...[
        [90, 70, "CRM", C.brand100],
        [390, 70, "ERP", C.accentSoft],
        [60, 180, "Email", C.violetSoft],
        [420, 180, "Chat", C.amberSoft],
        [90, 290, "Storage", C.roseSoft],
        [390, 290, "E-sign", C.brand100],
      ].map(
        ([x, y, label, fill]) =>
          `${panel((x as number) - 48, (y as number) - 24, 96, 48, { rx: 12 })}${circle((x as number) - 26, y as number, 10, fill as string)}${text((x as number) - 10, (y as number) + 5, label as string, { "font-size": 12 })}`,
      ),
      circle(240, 180, 46, C.brand600, { filter: "url(#s)" }),
      circle(240, 180, 58, "none", { stroke: C.brand200, "stroke-width": 2 }),
      `<path d="M 222 166 h 22 a 8 8 0 0 1 0 16 h -8 a 8 8 0 0 0 0 16 h 22" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
      circle(222, 166, 4.5, "#fff"),
      circle(258, 198, 4.5, "#00d6bb"),
    ].join(""),
  ],
  milestones: [
    "A timeline of milestones, each with a completion condition",
    [
      blob(80, 70, 60, C.accentSoft),
      blob(410, 300, 60),
      panel(24, 40, 432, 280),
      text(48, 76, "Project: ERP rollout", { "font-size": 15 }),
      text(48, 96, "Milestone conditions", { "font-size": 11.5, "font-weight": 400, fill: C.slate500 }),
      rect(60, 162, 360, 6, { rx: 3, fill: C.slate200 }),
      rect(60, 162, 210, 6, { rx: 3, fill: C.accent }),
      ...[
        [60, "Kick-off", "done"],
        [170, "Design sign-off", "done"],
        [280, "UAT passed", "now"],
        [400, "Go-live", "next"],
      ].map(([x, label, state]) => {
        const cx = x as number;
        const mark =
          state === "done"
            ? check(cx, 165, C.accent, 13)
            : circle(cx, 165, 13, state === "now" ? C.white : C.slate100, {
                stroke: state === "now" ? C.brand600 : C.slate300,
                "stroke-width": 3,
              });
        return `${mark}${text(cx, 202, label as string, { "font-size": 11.5, "text-anchor": "middle" })}`;
      }),
      rect(196, 226, 236, 74, { fill: C.brand50, stroke: C.brand200, rx: 10 }),
      text(210, 250, "Condition for “UAT passed”", { "font-size": 11.5, fill: C.brand800 }),
      text(210, 270, "✓ 48 of 50 test cases green", { "font-size": 11, "font-weight": 400, fill: C.slate700 }),
      text(210, 288, "○ QA lead approval", { "font-size": 11, "font-weight": 400, fill: C.slate700 }),
    ].join(""),
  ],
  "release-strategy": [
    "A release strategy: amount bands decide who must approve before release",
    [
      blob(400, 70, 70),
      blob(80, 300, 60, C.accentSoft),
      panel(24, 30, 432, 300),
      text(48, 64, "Release strategy · Purchase orders", { "font-size": 14 }),
      ...[
        ["Up to ₹50,000", ["Team lead"], C.accentSoft],
        ["₹50,000 – ₹5,00,000", ["Team lead", "Finance"], C.brand100],
        ["Above ₹5,00,000", ["Team lead", "Finance", "CFO"], C.violetSoft],
      ].map(([band, steps, fill], i) => {
        const y = 90 + i * 74;
        return [
          rect(48, y, 384, 60, { fill: C.slate100, rx: 10 }),
          text(64, y + 24, band as string, { "font-size": 12 }),
          text(64, y + 44, `${(steps as string[]).length} approval level${(steps as string[]).length > 1 ? "s" : ""}`, {
            "font-size": 10.5,
            "font-weight": 400,
            fill: C.slate500,
          }),
          ...(steps as string[]).map((step, j) => pill(206 + j * 76, y + 19, step, fill as string, C.slate900, 70)),
        ].join("");
      }),
      text(48, 320, "Released automatically once every level has approved.", {
        "font-size": 11,
        "font-weight": 400,
        fill: C.slate500,
      }),
    ].join(""),
  ],
  "roles-access": [
    "Role-based access: each role sees and does only what it should",
    [
      blob(80, 70, 60),
      blob(410, 300, 60, C.accentSoft),
      panel(24, 36, 432, 288),
      text(48, 70, "Roles and permissions", { "font-size": 15 }),
      ...["View", "Edit", "Approve"].map((h, i) =>
        text(268 + i * 64, 104, h, { "font-size": 10.5, fill: C.slate500, "text-anchor": "middle" }),
      ),
      ...[
        ["Requester", [1, 0, 0]],
        ["Team lead", [1, 1, 1]],
        ["Finance", [1, 0, 1]],
        ["Auditor", [1, 0, 0]],
      ].map(([role, perms], i) => {
        const y = 122 + i * 48;
        return [
          rect(48, y, 384, 38, { fill: i % 2 ? C.white : C.slate100, rx: 8 }),
          circle(70, y + 19, 11, [C.brand100, C.accentSoft, C.violetSoft, C.amberSoft][i] as string),
          text(90, y + 24, role as string, { "font-size": 12 }),
          ...(perms as number[]).map((on, j) => {
            const x = 252 + j * 64;
            return `${rect(x, y + 10, 32, 18, { rx: 9, fill: on ? C.brand600 : C.slate300 })}${circle(on ? x + 23 : x + 9, y + 19, 6.5, "#fff")}`;
          }),
        ].join("");
      }),
    ].join(""),
  ],
  "audit-trail": [
    "An audit trail: who did what and when, for every step",
    [
      blob(410, 70, 70),
      blob(70, 300, 60, C.accentSoft),
      panel(24, 30, 432, 300),
      text(48, 64, "Audit trail · PR-2291", { "font-size": 15 }),
      pill(364, 48, "Export", C.brand100, C.brand800, 64),
      ...[
        ["09:02", "Ravi T. submitted the request", C.brand500],
        ["09:12", "Priya S. approved (Team lead)", C.accent],
        ["09:40", "Amount changed ₹1,72,000 → ₹1,84,000", C.amber],
        ["10:47", "Arjun M. approved (Finance)", C.accent],
        ["10:48", "Reminder sent to Neha K.", C.slate400],
      ].map(([time, line, color], i) => {
        const y = 92 + i * 46;
        return [
          i < 4 ? `<path d="M 108 ${y + 10} L 108 ${y + 46}" stroke="${C.slate200}" stroke-width="2"/>` : "",
          text(48, y + 14, time as string, { "font-size": 11, "font-weight": 500, fill: C.slate500 }),
          circle(108, y + 10, 6, color as string),
          text(126, y + 14, line as string, { "font-size": 12, "font-weight": 500, fill: C.slate700 }),
        ].join("");
      }),
    ].join(""),
  ],
  "form-layouts": [
    "Form layouts: one column, two columns and tabbed sections",
    [
      blob(240, 180, 130),
      ...[0, 1, 2].map((i) => {
        const x = 28 + i * 146;
        const body =
          i === 0
            ? [0, 1, 2, 3]
                .map(
                  (r) =>
                    `${bar(x + 14, 96 + r * 44, 60, C.slate300, 6)}${rect(x + 14, 108 + r * 44, 110, 20, { fill: C.slate100, rx: 5 })}`,
                )
                .join("")
            : i === 1
              ? [0, 1, 2, 3]
                  .map((r) =>
                    [0, 1]
                      .map(
                        (c) =>
                          `${bar(x + 14 + c * 58, 96 + r * 44, 36, C.slate300, 6)}${rect(x + 14 + c * 58, 108 + r * 44, 52, 20, { fill: C.slate100, rx: 5 })}`,
                      )
                      .join(""),
                  )
                  .join("")
              : `${rect(x + 14, 90, 36, 18, { rx: 5, fill: C.brand600 })}${rect(x + 54, 90, 36, 18, { rx: 5, fill: C.slate100 })}${rect(x + 94, 90, 30, 18, { rx: 5, fill: C.slate100 })}${[0, 1, 2].map((r) => `${bar(x + 14, 124 + r * 44, 60, C.slate300, 6)}${rect(x + 14, 136 + r * 44, 110, 20, { fill: C.slate100, rx: 5 })}`).join("")}`;
        return `${panel(x, 50, 132, 270)}${text(x + 14, 76, ["Single column", "Two columns", "Tabs"][i] as string, { "font-size": 12 })}${body}`;
      }),
    ].join(""),
  ],
  "security-badges": [
    "Security: encryption, single sign-on and audited controls",
    [
      blob(240, 170, 130),
      `<path d="M 240 44 L 330 80 L 330 170 C 330 236 286 282 240 304 C 194 282 150 236 150 170 L 150 80 Z" fill="${C.brand600}" filter="url(#s)"/>`,
      `<path d="M 240 64 L 312 93 L 312 170 C 312 224 277 262 240 282 C 203 262 168 224 168 170 L 168 93 Z" fill="${C.brand500}"/>`,
      rect(210, 160, 60, 48, { rx: 8, fill: "#fff" }),
      `<path d="M 222 160 v -14 a 18 18 0 0 1 36 0 v 14" fill="none" stroke="#fff" stroke-width="8"/>`,
      circle(240, 180, 6, C.brand600),
      rect(237, 182, 6, 14, { rx: 3, fill: C.brand600 }),
      pill(36, 110, "AES-256", C.white, C.slate900, 86),
      pill(360, 130, "OAuth 2.0", C.white, C.slate900, 90),
      pill(60, 250, "SOC 2 Type II", C.white, C.slate900, 110),
      pill(330, 260, "Audit log", C.white, C.slate900, 86),
    ].join(""),
  ],
  "form-elements": [
    "The form elements: text, number, date, dropdown, checkbox, file upload, signature, table and rating",
    [
      blob(80, 70, 60, C.accentSoft),
      blob(410, 300, 60),
      panel(24, 30, 432, 300),
      text(48, 64, "Elements", { "font-size": 15 }),
      ...[
        ["Aa", "Text", C.brand100],
        ["#", "Number", C.accentSoft],
        ["31", "Date", C.amberSoft],
        ["▾", "Dropdown", C.violetSoft],
        ["✓", "Checkbox", C.accentSoft],
        ["⇪", "File upload", C.roseSoft],
        ["✍", "Signature", C.brand100],
        ["▦", "Table", C.amberSoft],
        ["★", "Rating", C.violetSoft],
      ].map(([glyph, label, fill], i) => {
        const x = 48 + (i % 3) * 134;
        const y = 84 + Math.floor(i / 3) * 78;
        return `${rect(x, y, 122, 64, { fill: C.white, stroke: C.slate200, rx: 10 })}${rect(x + 12, y + 16, 32, 32, { fill: fill as string, rx: 8 })}${text(x + 28, y + 37, glyph as string, { "text-anchor": "middle", fill: C.brand800, "font-size": 14 })}${text(x + 54, y + 37, label as string, { "font-size": 11.5 })}`;
      }),
    ].join(""),
  ],
  "form-submissions": [
    "A submitted form starting a workflow: the entry is routed for approval",
    [
      blob(90, 90, 70),
      blob(400, 290, 60, C.accentSoft),
      panel(24, 50, 190, 250),
      text(44, 82, "Leave request", { "font-size": 14 }),
      ...[0, 1, 2].map(
        (i) =>
          `${bar(44, 104 + i * 46, 70, C.slate300, 6)}${rect(44, 116 + i * 46, 150, 22, { fill: C.slate100, rx: 6 })}`,
      ),
      rect(44, 250, 90, 30, { fill: C.brand600, rx: 8 }),
      text(89, 270, "Submit", { fill: C.white, "text-anchor": "middle", "font-size": 12 }),
      `<path d="M 224 175 L 262 175" stroke="${C.brand500}" stroke-width="3" stroke-linecap="round"/><path d="M 254 166 L 264 175 L 254 184" fill="none" stroke="${C.brand500}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
      node(276, 70, "Approval", "Line manager", C.accent, 180),
      check(452, 72),
      node(276, 150, "Approval", "HR", C.brand500, 180),
      node(276, 230, "Action", "Update HR system", C.slate300, 180),
      edge("M 366 122 L 366 150"),
      edge("M 366 202 L 366 230"),
    ].join(""),
  ],
  "crm-sync": [
    "A CRM deal synced with a Flowlane workflow in both directions",
    [
      blob(240, 180, 120),
      panel(20, 70, 190, 220),
      text(40, 100, "CRM · Deal", { "font-size": 10.5, fill: C.slate500, "letter-spacing": 1 }),
      text(40, 124, "Northwind Logistics", { "font-size": 13.5 }),
      ...[
        ["Stage", "Negotiation"],
        ["Value", "₹1,71,000"],
        ["Owner", "Priya S."],
      ].map(
        ([k, v], i) =>
          `${text(40, 156 + i * 30, k as string, { "font-size": 11, "font-weight": 500, fill: C.slate500 })}${text(190, 156 + i * 30, v as string, { "font-size": 11.5, "text-anchor": "end" })}`,
      ),
      pill(40, 246, "Synced just now", C.accentSoft, "#065f54", 120),
      `<path d="M 218 160 C 240 140, 250 140, 268 160" fill="none" stroke="${C.brand500}" stroke-width="2.5"/><path d="M 262 150 L 269 161 L 257 163" fill="none" stroke="${C.brand500}" stroke-width="2.5" stroke-linejoin="round"/>`,
      `<path d="M 268 200 C 248 220, 238 220, 218 200" fill="none" stroke="${C.accent}" stroke-width="2.5"/><path d="M 224 210 L 217 199 L 229 197" fill="none" stroke="${C.accent}" stroke-width="2.5" stroke-linejoin="round"/>`,
      panel(274, 70, 190, 220),
      text(294, 100, "FLOWLANE · QUOTE", { "font-size": 10.5, fill: C.slate500, "letter-spacing": 1 }),
      text(294, 124, "Q-1042 approved", { "font-size": 13.5 }),
      ...[0, 1, 2].map(
        (i) =>
          `${check(302, 152 + i * 30, i < 2 ? C.accent : C.brand500, 8)}${bar(318, 148 + i * 30, [110, 90, 120][i] as number)}`,
      ),
      pill(294, 246, "Deal stage updated", C.brand100, C.brand800, 134),
    ].join(""),
  ],
  "erp-sync": [
    "A purchase order posted to the ERP once every approval is complete",
    [
      blob(400, 80, 70),
      blob(70, 290, 60, C.accentSoft),
      panel(24, 30, 432, 300),
      text(48, 64, "ERP posting · Purchase orders", { "font-size": 14 }),
      ...["PO number", "Vendor", "Amount", "Status"].map((h, i) =>
        text([48, 140, 270, 360][i] as number, 98, h, { "font-size": 10.5, fill: C.slate500 }),
      ),
      ...[
        ["PO-7781", "Acme Steel", "₹4,80,000", "Posted", C.accentSoft, "#065f54"],
        ["PO-7782", "Zen Office", "₹62,500", "Posted", C.accentSoft, "#065f54"],
        ["PO-7783", "Kite Cargo", "₹2,15,000", "Approving", C.amberSoft, "#92400e"],
        ["PO-7784", "Blue Print", "₹18,900", "Queued", C.slate100, C.slate700],
      ].map(([po, vendor, amount, status, fill, color], i) => {
        const y = 112 + i * 46;
        return `${rect(40, y, 400, 38, { fill: i % 2 ? C.white : C.slate100, rx: 8 })}${text(48, y + 24, po as string, { "font-size": 12 })}${text(140, y + 24, vendor as string, { "font-size": 12, "font-weight": 500, fill: C.slate700 })}${text(270, y + 24, amount as string, { "font-size": 12 })}${pill(356, y + 8, status as string, fill as string, color as string, 76)}`;
      }),
      text(48, 314, "Ledger and budgets update automatically in your ERP.", {
        "font-size": 11,
        "font-weight": 400,
        fill: C.slate500,
      }),
    ].join(""),
  ],
  "apps-grid": [
    "Third-party apps connected to Flowlane: chat, email, storage, e-signature and payments",
    [
      blob(240, 180, 130, C.accentSoft),
      ...[
        ["Slack", C.violetSoft],
        ["Teams", C.brand100],
        ["Gmail", C.roseSoft],
        ["Drive", C.amberSoft],
        ["DocuSign", C.amberSoft],
        ["Razorpay", C.brand100],
        ["Dropbox", C.brand100],
        ["Zoom", C.accentSoft],
        ["Webhooks", C.violetSoft],
      ].map(([label, fill], i) => {
        const x = 40 + (i % 3) * 140;
        const y = 40 + Math.floor(i / 3) * 96;
        return `${panel(x, y, 120, 80, { rx: 14 })}${rect(x + 42, y + 12, 36, 36, { rx: 10, fill: fill as string })}${text(x + 60, y + 36, (label as string).slice(0, 2), { "text-anchor": "middle", fill: C.brand800, "font-size": 13 })}${text(x + 60, y + 66, label as string, { "text-anchor": "middle", "font-size": 11.5 })}`;
      }),
    ].join(""),
  ],
};

mkdirSync(out, { recursive: true });
for (const [name, [title, body]] of Object.entries(illustrations)) {
  writeFileSync(path.join(out, `${name}.svg`), svg(body, title));
}
console.log(`${Object.keys(illustrations).length} illustrations written to ${out}`);
