/**
 * Starts the page's JavaScript after its first paint (decision 036).
 *
 * Every page is server-rendered and works without JavaScript, so the first paint needs only the
 * HTML and the stylesheet; the scripts hydrate what is already on screen. React Router's
 * `<Scripts>` asks for them at once, though: `modulepreload` links in `<head>` and an inline
 * module script whose static imports load the route modules. On a phone's network they share
 * the connection with the stylesheet, and Lighthouse counts every script that finished before
 * the first paint as render-blocking (decision 031). This rewrite, applied to each rendered page
 * before it is sent or cached, takes the preloads out and parks the module script (an unknown
 * `type` is never run); a small inline script then puts both back once the browser reports its
 * first contentful paint, so hydration starts right after the page is visible.
 */

/** The parked module script's type: not JavaScript, so the browser keeps it as text. */
export const PARKED_MODULE_TYPE = "flowlane/module-after-paint";

/**
 * The inline starter, run where the parked script was. It reads its own nonce (browsers that
 * hide the attribute keep the property; older ones have only the attribute), so the module it
 * inserts passes the CSP.
 */
function starter(preloads: string[]) {
  return `(()=>{const me=document.currentScript,parked=me.previousElementSibling,preloads=${JSON.stringify(preloads)};let started=false;const start=()=>{if(started)return;started=true;for(const href of preloads){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}const script=document.createElement("script");script.type="module";script.nonce=me.nonce||me.getAttribute("nonce");script.text=parked.text;parked.replaceWith(script)};if(window.PerformanceObserver?.supportedEntryTypes?.includes("paint")){new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true})}else{requestAnimationFrame(()=>setTimeout(start))}})()`;
}

/** The rendered page with its scripts started after the first paint. */
export function scriptsAfterFirstPaint(page: Response, nonce: string): Response {
  const preloads: string[] = [];
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        const href = link.getAttribute("href");
        if (href) preloads.push(href);
        link.remove();
      },
    })
    .on('script[type="module"]:not([src])', {
      element(script) {
        script.setAttribute("type", PARKED_MODULE_TYPE);
        script.removeAttribute("async");
        script.after(`<script nonce="${nonce}">${starter(preloads)}</script>`, { html: true });
      },
    })
    .transform(page);
}
