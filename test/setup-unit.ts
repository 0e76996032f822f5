process.env.LOG_SILENT = "1";
