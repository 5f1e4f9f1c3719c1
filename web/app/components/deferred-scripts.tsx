import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

/** The id of the page's (inert) module script until the page has painted. */
const deferredModuleId = "app-module";

/**
 * Starts the page's module script once the first screen is painted: after the browser reports the
 * first contentful paint and the page's main image (the one marked fetchpriority="high", when
 * there is one) is decoded, each waited for 3 s at most (a tab opened in the background paints
 * nothing until it is shown). The module preloads go out at the same moment, so the chunks still
 * load in parallel.
 */
const startModuleScript = `(function(){
var started=false;
function start(){
if(started)return;started=true;
var inert=document.getElementById(${JSON.stringify(deferredModuleId)});
if(!inert)return;
JSON.parse(inert.getAttribute("data-preloads")||"[]").forEach(function(href){
var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link);
});
var script=document.createElement("script");script.type="module";script.textContent=inert.textContent;
document.head.appendChild(script);
}
function within(promise){return Promise.race([promise,new Promise(function(resolve){setTimeout(resolve,3000);})]);}
var painted=new Promise(function(resolve){
try{
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();resolve();}
}).observe({type:"paint",buffered:true});
}catch(error){requestAnimationFrame(function(){requestAnimationFrame(resolve);});}
});
var images=Array.prototype.slice.call(document.querySelectorAll('img[fetchpriority="high"]'));
var decoded=Promise.all(images.map(function(image){return image.decode().catch(function(){});}));
Promise.all([within(painted),within(decoded)]).then(function(){setTimeout(start,0);});
})();`;

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

function flatten(node: ReactNode): ReactElement<ElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ElementProps>(child)) return [];
    return child.type === Fragment ? flatten(child.props.children) : [child];
  });
}

/**
 * React Router's <Scripts />, with its module script held back until the first screen is painted.
 *
 * <Scripts /> writes the router's state (a classic inline script, run at once: the page's data
 * streams into it), module preloads for every chunk the page needs, and one inline module script
 * that imports them and hydrates. Loaded as written, the chunks compete with the stylesheet and
 * the main image for the connection, and the page paints later than it would without them. Here
 * the module script is written with a type the browser does not run, its preloads are listed on
 * it, and `startModuleScript` starts both once the page has painted. The same elements are
 * rendered on the server and during hydration; afterwards <Scripts /> renders nothing.
 */
export function DeferredScripts() {
  // <Scripts /> is called rather than rendered so its elements can be rearranged; its hooks run as
  // this component's own, unconditionally, in the same order on every render.
  const elements = flatten(Scripts({}));
  if (elements.length === 0) return null;
  const preloads = elements
    .filter((element) => element.type === "link" && element.props.rel === "modulepreload")
    .map((element) => element.props.href);
  return (
    <>
      {elements.map((element) => {
        if (element.type === "link" && element.props.rel === "modulepreload") return null;
        if (element.type === "script" && element.props.type === "module") {
          return (
            <script
              key="deferred-module"
              id={deferredModuleId}
              type="text/x-deferred-module"
              data-preloads={JSON.stringify([...new Set(preloads)])}
              suppressHydrationWarning
              // biome-ignore lint/security/noDangerouslySetInnerHtml: React Router's own module script.
              dangerouslySetInnerHTML={element.props.dangerouslySetInnerHTML}
            />
          );
        }
        return element;
      })}
      <script
        key="start-module"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, allowed by its hash.
        dangerouslySetInnerHTML={{ __html: startModuleScript }}
      />
    </>
  );
}
