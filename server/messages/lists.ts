/** Messages of the list core, request validation and bounded errors: {key: {en, zh}}. */
export default {
  invalidValue: { en: 'is invalid', zh: '无效' },
  unknownValue: { en: 'has a value that does not exist', zh: '包含不存在的值' },
  andMore: { en: 'and {n} more', zh: '另有 {n} 项' },
  badDate: { en: 'enter a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss', zh: '请输入日期，格式为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss' },
  // Framework refusals, before a handler runs.
  badJson: { en: 'the request body is not valid JSON', zh: '请求体不是有效的 JSON' },
  emptyJson: { en: 'the request body is empty but its type is JSON', zh: '请求体为空，但类型声明为 JSON' },
  tooLarge: { en: 'the request body is too large (at most {limit})', zh: '请求体过大（最多 {limit}）' },
  mediaType: { en: 'this content type is not accepted', zh: '不支持该内容类型' },
  badLength: { en: 'the content length does not match the body', zh: '内容长度与请求体不符' },
  badUrl: { en: 'the address is malformed', zh: '请求地址格式有误' },
  nulChar: { en: 'a value contains a NUL character', zh: '有值包含 NUL 字符' },
  protoKey: { en: 'the body contains a forbidden key (__proto__ or constructor.prototype)', zh: '请求体包含禁止的键（__proto__ 或 constructor.prototype）' },
  noRoute: { en: 'not found: {method} {path}', zh: '接口不存在：{method} {path}' },
  refused: { en: 'the request was refused', zh: '请求被拒绝' },
  internal: { en: 'internal server error', zh: '服务器内部错误' },
  // Database constraint errors that a caller's input can cause.
  dbRequired: { en: 'a required value is missing', zh: '缺少必填的值' },
  dbReference: { en: 'a referenced record does not exist', zh: '引用的记录不存在' },
  dbTaken: { en: 'the value is already taken', zh: '该值已被占用' },
  dbCheck: { en: 'a value is out of range', zh: '有值超出允许范围' },
  dbTooLong: { en: 'a value is too long', zh: '有值过长' },
  dbNumber: { en: 'a number is out of range', zh: '数字超出范围' },
  dbFormat: { en: 'a value has the wrong format', zh: '有值格式不正确' },
  dbChar: { en: 'a value contains a character that cannot be stored', zh: '有值包含无法存储的字符' },
  dbDate: { en: 'a date or time is not valid', zh: '日期或时间无效' },
} as const;
