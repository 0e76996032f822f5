// eslint-disable-next-line no-restricted-imports -- the site's one Suspense boundary
import { createContext, Suspense, useContext, type ReactNode } from "react";

/**
 * What the server's synchronous render reached: `fellBack` is set when a boundary showed its
 * fallback because a lazily loaded form was not loaded yet in this process. The server then
 * renders the page again, waiting for the form (app/entry.server.tsx).
 */
export const RenderReport = createContext<{ fellBack: boolean } | null>(null);

function FormLoading() {
  const report = useContext(RenderReport);
  if (report) report.fellBack = true;
  return <p className="muted">Загружаем форму…</p>;
}

/**
 * The boundary around a lazily loaded form: 'Загружаем форму…' while its code loads. Every
 * Suspense of the site is this one (lint), so the server always learns when a render fell back.
 */
export function LazyBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FormLoading />}>{children}</Suspense>;
}
