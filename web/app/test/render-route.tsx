import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { renderWithProviders } from "./render-with-providers";

/** A screen opened at `url` (its query included), with the app's providers. */
export function renderRoute(path: string, Component: ComponentType, url: string) {
  const Stub = createRoutesStub([{ path, Component }]);
  return renderWithProviders(<Stub initialEntries={[url]} />);
}
