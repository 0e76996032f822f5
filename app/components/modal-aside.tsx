import { DESKS, LEASING, type DeskId } from "~/content";
import type { ModalName } from "~/lib/modal";
import { counted, WORKING_DAYS } from "~/lib/plural";
import { ClockIcon, PhoneIcon } from "./icons";

interface Department {
  desk: DeskId;
  steps: string[];
}

/** Who answers each request, and what happens once it is sent. */
const DEPARTMENTS: Record<ModalName, Department> = {
  callback: {
    desk: "sales",
    steps: [
      "Заявка сразу приходит менеджеру.",
      "Менеджер перезвонит в рабочее время и ответит на ваши вопросы.",
      "Заявку, отправленную вечером или в выходной, обработаем в ближайший рабочий день.",
    ],
  },
  price: {
    desk: "sales",
    steps: [
      "Заявка сразу приходит менеджеру отдела продаж.",
      "Менеджер уточнит комплектацию, наличие и сроки поставки.",
      "Перезвонит в рабочее время с ценой и коммерческим предложением.",
    ],
  },
  leasing: {
    desk: "sales",
    steps: [
      "Заявка с вашим расчетом приходит менеджеру отдела продаж.",
      `Менеджер подберет лизинговую компанию и условия; решение — за ${counted(LEASING.approvalDays, WORKING_DAYS)}.`,
      "Перезвонит в рабочее время с точным графиком платежей.",
    ],
  },
  "parts-list": {
    desk: "parts",
    steps: [
      "Список и файлы приходят в отдел запчастей.",
      "Проверим наличие, подберем аналоги и посчитаем стоимость.",
      "Менеджер перезвонит в рабочее время и выставит счет.",
    ],
  },
};

/**
 * The modal's side panel: the department's phone for those who would rather call, its work
 * hours, and what happens after the form is sent. A plain block, not an <aside>: on the form's
 * own page it sits inside <main>, where a complementary landmark does not belong.
 */
export function ModalAside({
  modal,
  desk: pageDesk,
  headingLevel: Heading = "h3",
}: {
  modal: ModalName;
  desk?: DeskId;
  headingLevel?: "h2" | "h3";
}) {
  const { desk: own, steps } = DEPARTMENTS[modal];
  // A callback goes to the desk of the page it was asked from (a part's delivery time: parts).
  const desk = modal === "callback" && pageDesk ? pageDesk : own;
  const { phones, workTime } = DESKS[desk];
  const phone = phones[0];
  return (
    <div className="modal-aside" data-testid="modal-aside">
      <p className="modal-aside__label">{phone.label}</p>
      <a className="modal-aside__phone" href={`tel:${phone.tel}`}>
        <PhoneIcon />
        {phone.display}
      </a>
      <p className="modal-aside__hours">
        <ClockIcon />
        {workTime}
      </p>
      <Heading className="modal-aside__title">Что будет после отправки</Heading>
      <ol className="modal-aside__steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
