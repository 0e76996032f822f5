/** Messages of the spec's error catalogue (§8) shown by more than one page. */
export const PARTS_LOAD_ERROR = "Произошла ошибка при загрузке данных";
export const PART_LOAD_ERROR = "Произошла ошибка при получении данных";
export const NO_MATCHES = "Нет совпадений с такими фильтрами";

/** /make-order after a reload, once the order its last try failed to send has reached the dealer after all. */
export function previousOrderPlaced(number: string): string {
  return `Заказ № ${number} из прошлой попытки всё-таки передан менеджеру: оформлять его ещё раз не нужно.`;
}

/** /make-order after a reload, while the order its last try failed to send waits for its retry, for lines changed since (the cart, or the catalogue's prices). */
export function previousOrderReplaced(number: string): string {
  return `Заказ № ${number} из прошлой попытки ещё не передан менеджеру, а состав или цены заказа с тех пор изменились: новый заказ на тот же телефон заменит его.`;
}

/** The order's field for the manager when it replaces the customer's earlier order (its cart changed since). */
export function replacesText(number: string): string {
  return `Заменяет заказ № ${number}, который не удалось передать: если он всё же дошёл, исполнять нужно этот.`;
}
