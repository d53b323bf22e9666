import { render } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import type { FormRule } from 'antd';

/** The messages antd shows for `value` in a real form whose one field has `rules`. */
export async function ruleMessages(rules: FormRule[], value: unknown): Promise<string[]> {
  const holder: { form?: FormInstance } = {};
  function Probe() {
    const [form] = Form.useForm();
    holder.form = form;
    return (
      <Form form={form}>
        <Form.Item name="field" rules={rules}>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Probe />);
  holder.form?.setFieldsValue({ field: value });
  try {
    await holder.form?.validateFields();
    return [];
  } catch (error) {
    return (error as { errorFields: { errors: string[] }[] }).errorFields.flatMap((field) => field.errors);
  }
}
