import { Mail } from "lucide-react";
import { href, Link } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { BRAND } from "~/lib/brand";
import { NEWSLETTER_NOTICE } from "~/lib/consent";
import { EmailForm } from "./email-form";
import { Logo } from "./logo";
import { isGroup, NAV } from "./nav";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-slate-600 dark:text-slate-300">
            {BRAND.name} is the no-code platform business teams use to design, automate and audit their workflows —
            approvals, quotes, forms and integrations in one place.
          </p>
          <div className="mt-6 max-w-sm">
            {/* The newsletter box; without JavaScript it lands on /newsletter. */}
            <EmailForm
              name="newsletter"
              fetcherKey="newsletter"
              action={href("/newsletter")}
              label="Join 25,000+ subscribers reading our automation guides."
              icon={Mail}
              button="Subscribe"
              buttonClass="btn-primary"
              inline
              hint={
                <>
                  We email you a confirmation link first; unsubscribe at any time. Or read the{" "}
                  <Link to={href("/blog")} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                    blog
                  </Link>{" "}
                  and its{" "}
                  <a href="/blog/rss.xml" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                    RSS feed
                  </a>
                  .
                </>
              }
            >
              <FormNotice notice={NEWSLETTER_NOTICE} className="mt-3" />
            </EmailForm>
          </div>
        </div>
        {NAV.filter(isGroup).map((group) => (
          <div key={group.label}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.label}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
              {group.label === "Resources" ? (
                <>
                  <li>
                    <Link
                      to={href("/pricing")}
                      className="text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
                    >
                      Pricing
                    </Link>
                  </li>
                  <li>
                    <Link
                      to={href("/demo")}
                      className="text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
                    >
                      Book a demo
                    </Link>
                  </li>
                  <li>
                    <a
                      href="/api/docs"
                      className="text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
                    >
                      API documentation
                    </a>
                  </li>
                </>
              ) : null}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-600 sm:flex-row sm:justify-between sm:px-6 lg:px-8 dark:text-slate-400">
          <p>
            © {year} {BRAND.name}. All rights reserved.
          </p>
          <p>
            <Link to={href("/privacy")} className="underline-offset-2 hover:underline">
              Privacy notice
            </Link>{" "}
            · SOC 2 Type II · AES-256 encryption · OAuth 2.0
          </p>
        </div>
      </div>
    </footer>
  );
}
