#!/usr/bin/env bash
# Renders the home page hero loop from the same vector drawings as the catalogue:
# public/video/hero.mp4 (H.264), hero.webm (VP9) and the posters shown before it plays.
#
# Chromium starts slowly, so instead of one screenshot per frame the drawing script
# lays 25 frames out on one big sheet; ffmpeg's untile filter cuts the sheets back
# into frames. Needs chromium and ffmpeg (apt) and the npm dependencies.
#
#   bash scripts/make-hero-video.sh
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=public/video
MAX_MP4=$((580 * 1024))
MAX_WEBM=$((580 * 1024))
MAX_POSTER=$((78 * 1024))

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

info=$(npx tsx scripts/draw-trucks.ts --hero-sheets "$work" | tail -n 1)
field() { node -e "process.stdout.write(String(JSON.parse(process.argv[1])[process.argv[2]]))" "$info" "$1"; }
W=$(field w) H=$(field h) FPS=$(field fps) COLS=$(field cols) ROWS=$(field rows) FRAMES=$(field frames)

echo "rendering $(ls "$work"/sheet-*.svg | wc -l) sheets of ${COLS}x${ROWS} frames"
for sheet in "$work"/sheet-*.svg; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$((W * COLS)),$((H * ROWS))" \
    --screenshot="${sheet%.svg}.png" "file://$sheet" >/dev/null 2>&1
done

mkdir -p "$work/frames" "$OUT"
ffmpeg -v error -y -framerate 1 -i "$work/sheet-%02d.png" \
  -vf "untile=${COLS}x${ROWS}" -frames:v "$FRAMES" -start_number 0 "$work/frames/%03d.png"

size() { stat -c %s "$1"; }

# Raise the quantiser until the file fits: flat artwork usually fits at the first try.
crf=20
while :; do
  ffmpeg -v error -y -framerate "$FPS" -i "$work/frames/%03d.png" \
    -c:v libx264 -preset veryslow -tune animation -crf "$crf" -profile:v high -level 4.0 \
    -pix_fmt yuv420p -movflags +faststart -an "$OUT/hero.mp4"
  [ "$(size "$OUT/hero.mp4")" -le "$MAX_MP4" ] || [ "$crf" -ge 38 ] && break
  crf=$((crf + 2))
done
echo "hero.mp4: crf $crf, $(size "$OUT/hero.mp4") bytes"

crf=32
while :; do
  ffmpeg -v error -y -framerate "$FPS" -i "$work/frames/%03d.png" \
    -c:v libvpx-vp9 -crf "$crf" -b:v 0 -row-mt 1 -deadline good -cpu-used 2 \
    -pix_fmt yuv420p -an "$OUT/hero.webm"
  [ "$(size "$OUT/hero.webm")" -le "$MAX_WEBM" ] || [ "$crf" -ge 56 ] && break
  crf=$((crf + 4))
done
echo "hero.webm: crf $crf, $(size "$OUT/hero.webm") bytes"

# The poster is the first frame, so swapping it for the playing video does not jump.
poster() { # source, width, height, target, byte limit
  local q=3
  while :; do
    ffmpeg -v error -y -i "$1" -vf "scale=$2:$3:flags=lanczos" -q:v "$q" "$4"
    [ "$(size "$4")" -le "$5" ] || [ "$q" -ge 20 ] && break
    q=$((q + 1))
  done
  echo "$(basename "$4"): q $q, $(size "$4") bytes"
}
poster "$work/frames/000.png" "$W" "$H" "$OUT/hero-poster.jpg" "$MAX_POSTER"
# The page shows WebP copies of this poster at 640, 960 and 1280 px: npx tsx scripts/rasterize-images.ts
