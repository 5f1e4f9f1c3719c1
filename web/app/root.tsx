import { QueryClientProvider } from "@tanstack/react-query";
import bootstrapStylesheet from "bootstrap/dist/css/bootstrap.min.css?url";
import { type ReactNode, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { DeferredScripts } from "./components/deferred-scripts";
import { LoadingScreen } from "./components/loading-screen";
import { Toasts } from "./components/toasts";
import { mainContentId } from "./lib/layout";
import { errors, nav, notFound } from "./lib/messages";
import { pageDataOf } from "./lib/page-data.server";
import { createQueryClient } from "./lib/query-client";
import { SiteProvider } from "./lib/site";

/**
 * The site identity, page texts and the shop's currency, read when the page is rendered, so an
 * edit shows on the next page load.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const pages = pageDataOf(context);
  const [{ site, texts, money }, settings] = await Promise.all([pages.siteContent(), pages.pageSettings()]);
  return { site, texts, money, settings };
}

// Moving between pages keeps the identity the page was loaded with; it is not fetched again.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/**
 * The stylesheets, with a precedence: React then writes them into <head> ahead of every script and
 * module preload, so the CSS that paints the page is requested first.
 */
export const links: Route.LinksFunction = () =>
  [bootstrapStylesheet, appStylesheet].map((href) => ({ rel: "stylesheet", href, precedence: "default" }));

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.site.name }, { name: "description", content: loaderData.site.tagline }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a
          href={`#${mainContentId}`}
          className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 px-3 py-2 bg-white border rounded"
        >
          {nav.skipToContent}
        </a>
        {children}
        <Toasts />
        <ScrollRestoration />
        <DeferredScripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  // Marks the moment the server-rendered page became interactive (browser journeys wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SiteProvider content={loaderData}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </SiteProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="min-vh-100">
      <LoadingScreen />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id={mainContentId} className="container py-5 text-center">
      <h1 className="h3 mb-3">{isNotFound ? notFound.heading : errors.pageHeading}</h1>
      <p className="text-body-secondary mb-4">{isNotFound ? notFound.body : errors.unexpected}</p>
      <Link to="/home" className="btn btn-primary">
        {notFound.backHome}
      </Link>
    </main>
  );
}
