import { useCallback, useEffect, useRef, useState } from "react";
import { PartImage } from "./part-image";

/**
 * Main image, thumbnails and a full-screen viewer (spec §2 Part detail), a modal <dialog>: the
 * page behind is inert, Escape closes it, the arrow keys and swipes move between images and wrap
 * around. Without JavaScript each image is a link to the full-size file.
 */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState(false);
  const list = images.length > 0 ? images : [""];
  const count = list.length;
  const go = useCallback((delta: number) => setCurrent((i) => (i + delta + count) % count), [count]);
  const openerRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const viewerRef = useRef<HTMLDialogElement>(null);
  const touchX = useRef<number | null>(null);

  useEffect(() => {
    if (!viewer) return;
    const opener = openerRef.current;
    if (viewerRef.current && !viewerRef.current.open) viewerRef.current.showModal();
    closeRef.current?.focus();
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") go(1);
      else if (event.key === "ArrowLeft") go(-1);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
      opener?.focus();
    };
  }, [viewer, go]);

  return (
    <div className="gallery">
      <a
        ref={openerRef}
        href={list[current] || undefined}
        className="gallery__main"
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Открыть изображение на весь экран"
        onClick={(event) => {
          if (!list[current]) return;
          event.preventDefault();
          setViewer(true);
        }}
      >
        <PartImage src={list[current] || undefined} alt={alt} width={640} height={480} eager />
      </a>
      {count > 1 ? (
        <ul className="gallery__thumbs">
          {list.map((src, index) => (
            <li key={src + index}>
              <a
                href={src}
                className={`gallery__thumb${index === current ? " is-current" : ""}`}
                aria-label={`Изображение ${index + 1} из ${count}`}
                aria-current={index === current ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setCurrent(index);
                }}
              >
                <PartImage src={src} alt="" width={96} height={72} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {viewer ? (
        // The arrow keys are handled on the document while the viewer is open, Escape by the
        // dialog; a click on the backdrop is a pointer-only shortcut for the close button.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <dialog
          ref={viewerRef}
          className="viewer"
          aria-label={`${alt}: изображение ${current + 1} из ${count}`}
          onCancel={(event) => {
            event.preventDefault();
            setViewer(false);
          }}
          onClose={() => setViewer(false)}
          onTouchStart={(event) => (touchX.current = event.touches[0].clientX)}
          onTouchEnd={(event) => {
            if (touchX.current === null) return;
            const dx = event.changedTouches[0].clientX - touchX.current;
            touchX.current = null;
            if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) setViewer(false);
          }}
        >
          <img src={list[current]} alt={alt} className="viewer__img" />
          <p className="viewer__counter" aria-live="polite">
            {current + 1} / {count}
          </p>
          <button
            ref={closeRef}
            type="button"
            className="viewer__close"
            aria-label="Закрыть"
            onClick={() => setViewer(false)}
          >
            ×
          </button>
          {count > 1 ? (
            <>
              <button type="button" className="viewer__prev" aria-label="Предыдущее изображение" onClick={() => go(-1)}>
                ‹
              </button>
              <button type="button" className="viewer__next" aria-label="Следующее изображение" onClick={() => go(1)}>
                ›
              </button>
            </>
          ) : null}
        </dialog>
      ) : null}
    </div>
  );
}
