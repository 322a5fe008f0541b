window.__STAY_CONFIG__ = {};
