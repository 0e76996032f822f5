/** Messages of the spec's error catalogue (§8) shown by more than one page. */
export const PARTS_LOAD_ERROR = "Произошла ошибка при загрузке данных";
export const PART_LOAD_ERROR = "Произошла ошибка при получении данных";
export const NO_MATCHES = "Нет совпадений с такими фильтрами";

/** /make-order after a reload, once the order its last try failed to send has reached the dealer after all. */
export function previousOrderPlaced(number: string): string {
  return `Заказ № ${number} из прошлой попытки всё-таки передан менеджеру: оформлять его ещё раз не нужно.`;
}
