import { Suspense, type ReactNode } from "react";

/** The boundary around a lazily loaded form: 'Загружаем форму…' while its code loads in the browser. */
export function LazyBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="muted">Загружаем форму…</p>}>{children}</Suspense>;
}
