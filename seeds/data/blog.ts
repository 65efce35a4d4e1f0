/** Demo blog posts: six published (tags overlap, for related articles) and two drafts. */
export type SeedPost = {
  id: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  status: "draft" | "published";
  /** Days before the seed run that the post was published (or drafted). */
  daysAgo: number;
  content: string;
};

export const SEED_POSTS: SeedPost[] = [
  {
    id: "seed-post-approval-workflows",
    title: "Five approval workflows every finance team should automate",
    excerpt:
      "Purchase requests, vendor onboarding and expense claims follow the same pattern. Here is how to turn them into workflows that run themselves.",
    author: "Priya Raman",
    tags: ["Automation", "Finance", "Approvals"],
    status: "published",
    daysAgo: 3,
    content: `Finance teams approve hundreds of requests a month, and most of them travel by email. Each one waits in an inbox, gets forwarded, and is approved twice or not at all.

## 1. Purchase requests

A purchase request needs a budget owner, a limit check and a record. With a workflow, the requester fills a form, the amount decides the route, and the approval lands in the audit trail.

## 2. Vendor onboarding

Collect tax documents, bank details and contracts in one form. Route it to procurement, then to finance, and notify the vendor when they are set up.

## 3. Expense claims

Claims under a threshold are approved by the manager alone; larger claims add a finance review. Conditional steps make this a single workflow instead of two.

## 4. Budget changes

Mid-year budget moves need a trail. A milestone condition holds the change until both department heads sign off.

## 5. Payment runs

Release payments only when every invoice in the batch is approved, and keep the evidence for your auditors.

> Start with the workflow that creates the most email. It is usually purchase requests.`,
  },
  {
    id: "seed-post-no-code-guide",
    title: "A practical guide to no-code workflow design",
    excerpt:
      "Good workflows start on paper. Map the steps, the people and the decisions before you drag the first block onto the canvas.",
    author: "Arjun Mehta",
    tags: ["No-Code", "Automation", "Guides"],
    status: "published",
    daysAgo: 9,
    content: `No-code tools make it easy to build. They do not make it easy to design. A few habits help.

## Map the process first

Write down every step, who owns it and what decides the next step. If two people describe the process differently, you have found the first thing to fix.

## Name the decisions

Every branch in a workflow is a decision: an amount, a region, a customer tier. Give each one a name and a single owner.

## Keep forms short

Ask only for what a later step needs. Conditional fields show the rest when it matters.

## Measure the result

Track how long each step takes. The slowest step is where your next improvement is.

\`\`\`text
request -> manager approval -> finance review (amount > 50,000) -> done
\`\`\``,
  },
  {
    id: "seed-post-crm-erp",
    title: "Connecting your CRM and ERP without writing code",
    excerpt:
      "Sales closes the deal in the CRM, finance invoices it in the ERP. Integration workflows keep both sides in step.",
    author: "Meera Iyer",
    tags: ["Integrations", "CRM", "ERP"],
    status: "published",
    daysAgo: 16,
    content: `When a deal closes, three teams need to know: finance to invoice, operations to deliver and support to onboard.

## The handoff problem

Without integration, someone copies the order from the CRM into the ERP. Copies drift, and the customer notices first.

## One trigger, many steps

A closed deal triggers a workflow: create the customer in the ERP, open the delivery project and send the welcome email. Each step is logged.

## Keep a single source of truth

Decide which system owns each field. Customer details live in the CRM; invoices live in the ERP. The workflow moves data in one direction per field.`,
  },
  {
    id: "seed-post-bid-to-quote",
    title: "From bid to quote in a day: automating sales quotes",
    excerpt:
      "Quotes stall while pricing, legal and management review them in turn. Parallel approvals and templates cut the wait.",
    author: "Priya Raman",
    tags: ["Sales", "Approvals", "Automation"],
    status: "published",
    daysAgo: 24,
    content: `A quote that takes a week to approve loses deals. Most of that week is waiting.

## Run reviews in parallel

Pricing and legal can review at the same time. The workflow waits for both and then asks management only when the discount is above the limit.

## Start from templates

Pre-approved templates for standard deals skip reviews entirely.

## Track every version

Each change to a quote is recorded with who made it and why.`,
  },
  {
    id: "seed-post-forms",
    title: "Designing forms with field-wise dynamic logic",
    excerpt: "Show the right question at the right time. Conditional fields make long forms feel short.",
    author: "Arjun Mehta",
    tags: ["Forms", "No-Code"],
    status: "published",
    daysAgo: 33,
    content: `Long forms are abandoned. Dynamic forms ask only what applies.

## Conditions per field

Each field can depend on earlier answers: show the VAT number only for business customers, ask for a reason only when the amount is unusual.

## Validate early

Check formats as people type so that errors are fixed before the form reaches a reviewer.`,
  },
  {
    id: "seed-post-security",
    title: "How we keep workflow data secure",
    excerpt: "Encryption, access control and audit trails: the three layers behind every workflow in Flowlane.",
    author: "Meera Iyer",
    tags: ["Security", "Compliance"],
    status: "published",
    daysAgo: 41,
    content: `Workflows carry contracts, salaries and customer data. Security is not a feature you add later.

## Encryption

Data is encrypted at rest with AES-256 and in transit with TLS.

## Access control

Role-based access decides who can see, start and approve each workflow. Sign-in uses OAuth 2.0.

## Audit trails

Every action is recorded: who, what and when. Our controls are audited under SOC 2 Type II.`,
  },
  {
    id: "seed-post-draft-roadmap",
    title: "What is next for Flowlane: our roadmap for next year",
    excerpt: "A look at the features we are building next, from AI-assisted workflow design to new connectors.",
    author: "Priya Raman",
    tags: ["Product", "Roadmap"],
    status: "draft",
    daysAgo: 1,
    content: `This post is still being written.

## AI-assisted design

Describe a process in plain words and get a first draft of the workflow.`,
  },
  {
    id: "seed-post-draft-case-study",
    title: "Case study: how a logistics firm cut approval time by 70%",
    excerpt: "A regional logistics company moved 40 approval processes to Flowlane in one quarter.",
    author: "Arjun Mehta",
    tags: ["Case Study", "Approvals"],
    status: "draft",
    daysAgo: 2,
    content: `Draft: waiting for the customer's sign-off on the figures.`,
  },
];
