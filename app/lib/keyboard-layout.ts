/** A search that found nothing is retried as typed on the other keyboard layout (SPEC §5). */
const EN_TO_RU: Record<string, string> = {};
const RU_TO_EN: Record<string, string> = {};
{
  const en = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~";
  const ru = "йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ";
  for (let i = 0; i < en.length; i++) {
    EN_TO_RU[en[i]] = ru[i];
    RU_TO_EN[ru[i]] = en[i];
  }
}

/**
 * Retype a word on the other keyboard layout (QWERTY ↔ ЙЦУКЕН): 'abkmnh' → 'фильтр',
 * 'цп' → 'wg'. The direction follows the word's majority script; digits stay.
 */
export function switchLayout(word: string): string {
  let latin = 0;
  let cyrillic = 0;
  for (const ch of word) {
    if (/[a-z]/i.test(ch)) latin++;
    else if (/[а-яё]/i.test(ch)) cyrillic++;
  }
  if (latin === 0 && cyrillic === 0) return word;
  const map = latin > cyrillic ? EN_TO_RU : RU_TO_EN;
  let out = "";
  for (const ch of word) out += map[ch] ?? ch;
  return out;
}
