/** The longest name the config file may give (a name is shown in headers and typed at prompts). */
export const CONFIG_NAME_MAX = 64;

/** Names the config file gives (profiles, views): typed after --profile, --view, :profile and :view. */
export const CONFIG_NAME_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,${CONFIG_NAME_MAX - 1}}$`);

/** What CONFIG_NAME_PATTERN asks for, in words. */
export const CONFIG_NAME_RULE = `letters, digits, ".", "_" and "-", at most ${CONFIG_NAME_MAX}`;
