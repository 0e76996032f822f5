import { describe, expect, it } from "vitest";
import { accountIsValid, correspondentAccountIsValid, innIsValid, ogrnIsValid } from "./requisites";

// Published requisites: the Bank of Russia's own (ИНН 7702235133, ОГРН 1037700013020) and Sberbank's
// Krasnoyarsk branch (БИК 040407627, к/с 30101810800000000627), a sole trader's ИНН and ОГРНИП.
describe("requisites' check digits", () => {
  it("takes a valid ИНН of a company and of a person, and refuses one digit changed", () => {
    expect(["7702235133", "7707083893", "500100732259"].map(innIsValid)).toEqual([true, true, true]);
    expect(["7702235134", "500100732258", "770223513"].map(innIsValid)).toEqual([false, false, false]);
  });

  it("takes a valid ОГРН and ОГРНИП, and refuses one digit changed", () => {
    expect(["1037700013020", "1027700132195", "304500116000157"].map(ogrnIsValid)).toEqual([true, true, true]);
    expect(["1037700013021", "304500116000158"].map(ogrnIsValid)).toEqual([false, false]);
  });

  it("takes a correspondent account that matches its БИК, and refuses a typo or another bank's БИК", () => {
    expect(correspondentAccountIsValid("30101810800000000627", "040407627")).toBe(true);
    expect(correspondentAccountIsValid("30101810400000000225", "044525225")).toBe(true);
    expect(correspondentAccountIsValid("30101810800000000628", "040407627")).toBe(false);
    expect(correspondentAccountIsValid("30101810800000000627", "044525225")).toBe(false);
  });

  it("checks a settlement account against the last three digits of its БИК: one control key in ten fits, a typo does not", () => {
    const bik = "040407627";
    const withKey = (key: number) => `40702810${key}00000000123`;
    const fitting = [...Array(10).keys()].filter((key) => accountIsValid(withKey(key), bik));
    expect(fitting).toHaveLength(1);
    const account = withKey(fitting[0]);
    // Any one digit mistyped is caught.
    for (let i = 0; i < 20; i++) {
      const typo = account.slice(0, i) + String((Number(account[i]) + 1) % 10) + account.slice(i + 1);
      expect(accountIsValid(typo, bik), typo).toBe(false);
    }
    // The same account at a bank whose БИК ends otherwise.
    expect(accountIsValid(account, "040407628")).toBe(false);
    // Only the last three digits of the БИК count.
    expect(accountIsValid(account, "044525627")).toBe(true);
  });
});
