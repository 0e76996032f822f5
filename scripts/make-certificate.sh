#!/usr/bin/env bash
# Builds the placeholder certificate the footer links to (its path, the legal name and the place
# come from app/content/dealer.ts) until the dealer supplies a scan of the real certificate. It is marked 'Образец' on purpose.
# Chromium prints an HTML page to a one-page A4 PDF; only system fonts are used, so
# the file stays small.
#
#   bash scripts/make-certificate.sh          (YEAR=2026 bash ... for another year)
set -euo pipefail

cd "$(dirname "$0")/.."
YEAR=${YEAR:-$(date +%Y)}
# The dealer's facts, read from the content source.
content() { npx tsx scripts/content-value.ts "$1"; }
OUT=public$(content certificate)
DEALER=$(content legal.name)
PLACE="$(content salesPoints.1.address.locality), $(content salesPoints.1.address.region)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/certificate.html" <<HTML
<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<title>Сертификат официального дилера FAW — образец</title>
<style>
  @page { size: A4; margin: 0; }
  * { box-sizing: border-box; }
  html, body { margin: 0; }
  body { width: 210mm; height: 297mm; font-family: "Liberation Sans", Arial, sans-serif; color: #1d2733; }
  .sheet { position: relative; width: 210mm; height: 297mm; padding: 14mm; overflow: hidden; }
  .frame { position: absolute; inset: 10mm; border: 1.2mm solid #14365f; }
  .frame::after { content: ""; position: absolute; inset: 2mm; border: 0.3mm solid #b08d3c; }
  .content { position: relative; height: 100%; padding: 16mm 16mm 14mm; display: flex; flex-direction: column; align-items: center; text-align: center; }
  .brand { font: 700 30pt/1 "Liberation Sans", Arial, sans-serif; letter-spacing: 0.18em; color: #14365f; }
  .brand-line { width: 46mm; height: 0.6mm; background: #b08d3c; margin: 5mm 0 2mm; }
  .issuer { font-size: 9.5pt; letter-spacing: 0.12em; text-transform: uppercase; color: #5b6b7b; }
  h1 { font: 700 25pt/1.15 "Liberation Serif", "Times New Roman", serif; margin: 20mm 0 4mm; color: #14365f; }
  .number { font-size: 10pt; color: #5b6b7b; margin-bottom: 16mm; }
  .lead { font: 12pt/1.5 "Liberation Serif", "Times New Roman", serif; margin: 0 0 5mm; }
  .dealer { font: 700 20pt/1.3 "Liberation Serif", "Times New Roman", serif; margin: 0 0 2mm; }
  .place { font-size: 12pt; color: #3a4756; margin: 0 0 12mm; }
  .text { font: 12pt/1.55 "Liberation Serif", "Times New Roman", serif; max-width: 140mm; margin: 0 0 8mm; text-wrap: balance; }
  .term { font-size: 11pt; margin: 0; }
  .bottom { margin-top: auto; width: 100%; display: flex; justify-content: space-between; align-items: flex-end; text-align: left; font-size: 10pt; }
  .sign { width: 78mm; }
  .sign .line { border-bottom: 0.3mm solid #1d2733; height: 12mm; margin-bottom: 2mm; }
  .sign .who { color: #5b6b7b; }
  .seal { width: 36mm; height: 36mm; }
  .watermark { position: absolute; left: 50%; top: 52%; transform: translate(-50%, -50%) rotate(-32deg);
    font: 700 86pt/1 "Liberation Sans", Arial, sans-serif; letter-spacing: 0.12em; color: rgba(200, 16, 46, 0.11); white-space: nowrap; }
  .sample { position: absolute; top: 14mm; right: 16mm; font-size: 8.5pt; letter-spacing: 0.1em; text-transform: uppercase;
    color: #c8102e; border: 0.3mm solid #c8102e; padding: 1mm 2.5mm; }
</style>
</head>
<body>
<div class="sheet">
  <div class="frame"></div>
  <div class="content">
    <div class="sample">Образец</div>
    <div class="brand">FAW</div>
    <div class="brand-line"></div>
    <div class="issuer">Грузовая техника и запасные части</div>
    <h1>Сертификат<br>официального дилера</h1>
    <div class="number">№ FAW-DLR-${YEAR}-0117</div>
    <p class="lead">Настоящий сертификат подтверждает, что</p>
    <p class="dealer">${DEALER}</p>
    <p class="place">${PLACE}</p>
    <p class="text">является официальным дилером FAW и уполномочено осуществлять продажу
      грузовых автомобилей и специальной техники FAW, оригинальных запасных частей,
      а также гарантийное и сервисное обслуживание техники FAW.</p>
    <p class="term">Срок действия: с 1 января ${YEAR} г. по 31 декабря ${YEAR} г.</p>
    <div class="bottom">
      <div class="sign">
        <div class="line"></div>
        <div>Руководитель дилерской сети FAW</div>
        <div class="who">подпись, расшифровка</div>
      </div>
      <svg class="seal" viewBox="0 0 100 100" aria-hidden="true">
        <defs><path id="arc" d="M50 50m-36 0a36 36 0 1 1 72 0a36 36 0 1 1-72 0"/></defs>
        <circle cx="50" cy="50" r="47" fill="none" stroke="#14365f" stroke-width="1.6" opacity=".7"/>
        <circle cx="50" cy="50" r="27" fill="none" stroke="#14365f" stroke-width="1" opacity=".7"/>
        <text font-size="8.2" letter-spacing="1.6" fill="#14365f" opacity=".75" font-family="Liberation Sans, Arial, sans-serif">
          <textPath href="#arc">ОБРАЗЕЦ • ДИЛЕР FAW • ОБРАЗЕЦ •</textPath></text>
        <text x="50" y="55" text-anchor="middle" font-size="14" font-weight="700" fill="#14365f" opacity=".75" font-family="Liberation Sans, Arial, sans-serif">FAW</text>
      </svg>
      <div class="sign" style="text-align: right">
        <div class="line"></div>
        <div>Дата выдачи: 1 января ${YEAR} г.</div>
        <div class="who">М. П.</div>
      </div>
    </div>
    <div class="watermark">ОБРАЗЕЦ</div>
  </div>
</div>
</body>
</html>
HTML

mkdir -p "$(dirname "$OUT")"
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
  --print-to-pdf="$PWD/$OUT" "file://$work/certificate.html" >/dev/null 2>&1

echo "$OUT: $(stat -c %s "$OUT") bytes"
