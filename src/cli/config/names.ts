/** Names the config file gives (profiles, views): typed after --profile, --view, :profile and :view. */
export const CONFIG_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
