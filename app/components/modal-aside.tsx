import { SALES_POINTS, type Phone } from "~/data/site";
import { LEASING } from "~/data/terms";
import type { ModalName } from "~/lib/modal";
import { ClockIcon, PhoneIcon } from "./icons";

const SALES = SALES_POINTS[1];
const [VEHICLES, PARTS] = SALES.phones;

interface Department {
  phone: Phone;
  steps: string[];
}

/** Who answers each request, and what happens once it is sent. */
const DEPARTMENTS: Record<ModalName, Department> = {
  callback: {
    phone: VEHICLES,
    steps: [
      "Заявка сразу приходит менеджеру отдела продаж.",
      "Менеджер перезвонит в рабочее время и ответит на ваши вопросы.",
      "Заявку, отправленную вечером или в выходной, обработаем в ближайший рабочий день.",
    ],
  },
  price: {
    phone: VEHICLES,
    steps: [
      "Заявка сразу приходит менеджеру отдела продаж.",
      "Менеджер уточнит комплектацию, наличие и сроки поставки.",
      "Перезвонит в рабочее время с ценой и коммерческим предложением.",
    ],
  },
  leasing: {
    phone: VEHICLES,
    steps: [
      "Заявка с вашим расчетом приходит менеджеру отдела продаж.",
      `Менеджер подберет лизинговую компанию и условия; решение — за ${LEASING.approvalDays} рабочий день.`,
      "Перезвонит в рабочее время с точным графиком платежей.",
    ],
  },
  "parts-list": {
    phone: PARTS,
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
export function ModalAside({ modal, headingLevel: Heading = "h3" }: { modal: ModalName; headingLevel?: "h2" | "h3" }) {
  const { phone, steps } = DEPARTMENTS[modal];
  return (
    <div className="modal-aside" data-testid="modal-aside">
      <p className="modal-aside__label">{phone.label}</p>
      <a className="modal-aside__phone" href={`tel:${phone.tel}`}>
        <PhoneIcon />
        {phone.display}
      </a>
      <p className="modal-aside__hours">
        <ClockIcon />
        {SALES.workTime}
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
