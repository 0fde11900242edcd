import { Accordion, Text } from '@mantine/core';

export interface QuestionAnswer {
  question: string;
  answer: string;
}

/** Questions and answers as an accordion: the FAQ and the support pages' self-help. */
export function QuestionList({ items, multiple = false }: { items: readonly QuestionAnswer[]; multiple?: boolean }) {
  return (
    <Accordion variant="separated" multiple={multiple}>
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" lh={1.7}>
              {item.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
