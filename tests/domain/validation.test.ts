import { loginSchema, registerSchema, registrationFormSchema, fieldErrors } from '../../domain/validation/auth';
import { MSG } from '../../domain/messages';
import { LOGIN_RULES } from '../../domain/validation/loginRules';
import { textMessages } from '../../domain/validation/textRules';

function messages(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as never);
}

describe('login validation (spec 1, section 5)', () => {
  it.each([
    [{ email: '', password: 'secret1' }, 'email', MSG.enterEmail],
    [{ email: 'not-an-email', password: 'secret1' }, 'email', MSG.validEmail],
    [{ email: 'a b@c', password: 'secret1' }, 'email', MSG.validEmail],
    [{ email: 'a@b', password: '' }, 'password', MSG.enterPassword],
    [{ email: 'a@b', password: '12345' }, 'password', MSG.passwordSixSymbols],
    [{ password: 'secret1' }, 'email', MSG.enterEmail],
  ])('%j gives %s: %s', (input, field, message) => {
    expect(messages(loginSchema, input)[field]?.[0]).toBe(message);
  });

  it('accepts something@something with six symbols', () => {
    expect(loginSchema.safeParse({ email: 'admin@demo', password: '123456' }).success).toBe(true);
  });

  it("says in the login page's own check (no schema library) what the server's schema says", () => {
    const long = `${'a'.repeat(250)}@b.co`;
    for (const input of [
      { email: '', password: '' },
      { email: '  admin@demo  ', password: '12345' },
      { email: 'a b@c', password: 'secret1' },
      { email: long, password: 'x'.repeat(201) },
      { email: 'admin@demo', password: '123456' },
      { password: 7 },
      {},
    ]) {
      const server = Object.fromEntries(Object.entries(messages(loginSchema, input)).map(([field, list]) => [field, list[0]]));
      expect(textMessages(LOGIN_RULES, input), JSON.stringify(input)).toEqual(server);
    }
  });
});

describe('registration validation', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.test', password: 'secret1', confirmPassword: 'secret1' };
  it.each([
    ['firstName', '', MSG.enterName],
    ['lastName', '  ', MSG.enterLastName],
    ['email', '', MSG.enterEmail],
    ['email', 'ann', MSG.validEmail],
    ['password', '', MSG.enterPasswordRegistration],
    ['password', '12345', MSG.min6],
    ['confirmPassword', '', MSG.confirmPassword],
  ])('%s = %j gives %s', (field, value, message) => {
    expect(messages(registrationFormSchema, { ...valid, [field]: value })[field]?.[0]).toBe(message);
  });

  it('refuses a confirmation that differs', () => {
    expect(messages(registrationFormSchema, { ...valid, confirmPassword: 'secret2' }).confirmPassword).toEqual([MSG.passwordsDoNotMatch]);
  });

  it('the API schema takes the four fields without the confirmation', () => {
    expect(registerSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b', password: '123456' }).success).toBe(true);
  });
});
