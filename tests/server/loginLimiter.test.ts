import { LoginLimiter } from '../../server/auth/loginLimiter';

describe('login limiter', () => {
  it('blocks an e-mail and address after the allowed failures, within the window only', () => {
    const limiter = new LoginLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) limiter.fail('A@x.test', '1.2.3.4', 1000 + i);
    expect(limiter.isBlocked('a@x.test', '1.2.3.4', 2000)).toBe(true);
    expect(limiter.isBlocked('a@x.test', '5.6.7.8', 2000)).toBe(false);
    expect(limiter.isBlocked('a@x.test', '1.2.3.4', 62_000)).toBe(false);
  });

  it('a success clears the count', () => {
    const limiter = new LoginLimiter(2, 60_000);
    limiter.fail('a@x.test', 'ip');
    limiter.succeed('a@x.test', 'ip');
    limiter.fail('a@x.test', 'ip');
    expect(limiter.isBlocked('a@x.test', 'ip')).toBe(false);
  });
});
