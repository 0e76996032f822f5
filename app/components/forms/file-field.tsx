import { useRef, useState } from "react";
import { useField } from "remix-validated-form";
import { fitFiles, FORM_ERROR, UPLOAD_MAX_FILES, UPLOAD_TOO_BIG_ALERT } from "~/lib/lead-schemas";

export type UploadState =
  { state: "idle" } | { state: "sending"; loaded: number; total: number } | { state: "failed"; message: string };

/** Sends the form with XHR to the upload's resource route (answered JSON), reporting upload progress. */
export function uploadWithProgress(
  url: string,
  body: FormData,
  onState: (state: UploadState) => void,
): Promise<{ redirectTo?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) =>
      onState({ state: "sending", loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      let data: { ok?: boolean; redirectTo?: string; formError?: string } = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      if (xhr.status < 300 && data.redirectTo) {
        onState({ state: "idle" });
        resolve({ redirectTo: data.redirectTo });
      } else {
        onState({ state: "failed", message: data.formError ?? FORM_ERROR });
        resolve({});
      }
    };
    xhr.onerror = () => {
      onState({ state: "failed", message: FORM_ERROR });
      resolve({});
    };
    onState({ state: "sending", loaded: 0, total: 0 });
    xhr.send(body);
  });
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} МБ`;
}

/**
 * The parts-list files. Without JavaScript it is the browser's own multiple file input. With
 * JavaScript the chosen files are listed, each can be removed, and files that would take the
 * total over 10 MB are skipped with the spec's alert.
 */
export function FileField({ upload }: { upload: UploadState }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  // Set by the server on a form sent back without JavaScript: its files have to be chosen again.
  const { error } = useField("files");
  const id = "lead-parts-list-files";

  const sync = (next: File[]) => {
    const transfer = new DataTransfer();
    next.forEach((file) => transfer.items.add(file));
    if (inputRef.current) inputRef.current.files = transfer.files;
    setFiles(next);
  };

  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        Файлы со списком запчастей
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="files"
        multiple
        className="field__file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event) => {
          const added = [...(event.currentTarget.files ?? [])];
          const { kept, skipped } = fitFiles(files, added);
          if (skipped.length > 0) window.alert(UPLOAD_TOO_BIG_ALERT);
          sync(kept);
        }}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <p className="field__hint" id={`${id}-hint`}>
        До {UPLOAD_MAX_FILES} файлов, не больше 10 МБ вместе: Excel, Word, PDF, фото.
      </p>
      {files.length > 0 ? (
        <ul className="file-list" aria-label="Выбранные файлы">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span className="file-list__name">{file.name}</span>
              <span className="file-list__size">{formatSize(file.size)}</span>
              <button
                type="button"
                className="icon-btn file-list__remove"
                aria-label={`Удалить файл ${file.name}`}
                onClick={() => sync(files.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {upload.state === "sending" ? (
        <div className="upload-progress">
          <progress max={upload.total || 1} value={upload.total ? upload.loaded : 0} aria-label="Отправка файлов" />
          <span>{upload.total ? `${Math.round((upload.loaded / upload.total) * 100)}%` : "…"}</span>
        </div>
      ) : null}
    </div>
  );
}
