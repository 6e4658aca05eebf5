/**
 * The first visit's splash (spec: a loading screen with the logo, three dots if its image fails), drawn by an inline
 * script so only a browser running JavaScript shows it, once per browser. It never holds the page back: the
 * server-rendered page is parsed and shown beneath it, taps go through it, and it leaves as soon as the logo has
 * loaded (at most SPLASH_MAX_MS). It goes into a host element whose content React leaves alone (it is given as inner
 * HTML, which hydration never walks): added straight to the body, it sat among the nodes React hydrates, and one that
 * left while hydration was under way made React report a mismatch.
 */
export const SPLASH_HOST_ID = "splash-host";
export const SPLASH_SEEN_KEY = "splash-seen";
export const SPLASH_MAX_MS = 1200;

/** The script's text: the logo and title as JSON (with "<" escaped, so nothing can end the script early). */
export function splashScript(logo: string, title: string) {
  const args = JSON.stringify({ logo, title }).replace(/</g, "\\u003c");
  return `(function(o){try{if(localStorage.getItem(${JSON.stringify(SPLASH_SEEN_KEY)}))return;localStorage.setItem(${JSON.stringify(SPLASH_SEEN_KEY)},"1")}catch(e){return}
var d=document,s=d.createElement("div"),i=d.createElement("img"),t=d.createElement("p"),g=d.createElement("span"),k;
s.id="splash";s.className="splash";s.setAttribute("aria-hidden","true");i.alt="";i.src=o.logo;i.className="splash-logo";
t.textContent=o.title;t.className="splash-title";g.className="splash-dots";for(k=0;k<3;k++)g.appendChild(d.createElement("i"));
s.appendChild(i);s.appendChild(g);s.appendChild(t);(d.getElementById(${JSON.stringify(SPLASH_HOST_ID)})||d.body).appendChild(s);
var gone=0;function done(){if(gone)return;gone=1;s.classList.add("splash-out");setTimeout(function(){s.remove()},250)}
i.addEventListener("error",function(){s.classList.add("splash-failed")});
i.addEventListener("load",function(){setTimeout(done,300)});setTimeout(done,${SPLASH_MAX_MS})})(${args})`;
}

export function Splash({ logo, title, nonce }: { logo: string; title: string; nonce: string | undefined }) {
  return (
    <>
      <div id={SPLASH_HOST_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: splashScript(logo, title) }} />
    </>
  );
}
