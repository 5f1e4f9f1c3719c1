import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { renderWithProviders } from "./render-with-providers";

/**
 * A screen opened at `url` (its query included), with the app's providers; `others` are the
 * screens it may send the user to, so a test can see where they land.
 */
export function renderRoute(
  path: string,
  Component: ComponentType,
  url: string,
  others: { path: string; Component: ComponentType }[] = [],
) {
  const Stub = createRoutesStub([{ path, Component }, ...others]);
  return renderWithProviders(<Stub initialEntries={[url]} />);
}
