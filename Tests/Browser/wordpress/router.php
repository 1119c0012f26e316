<?php
// The router of PHP's built-in server for the test WordPress: WordPress's files are served as
// they are, anything else goes to index.php (what Apache's rewrite rules do for pretty
// permalinks). ABSPATH is the test's own tree (symbolic links to Debian's /usr/share/wordpress
// beside its own wp-config.php).
define('ABSPATH', rtrim(getenv('ADIVINA_WP_ROOT'), '/') . '/');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?: '/';
$file = realpath(ABSPATH . ltrim(urldecode($path), '/'));
if ($file !== false && is_file($file) && $path !== '/') {
    if (substr($file, -4) !== '.php') return false;
    $_SERVER['SCRIPT_NAME'] = $path;
    chdir(dirname($file));
    require $file;
    return true;
}
if ($file !== false && is_dir($file) && is_file($file . '/index.php') && $path !== '/') {
    chdir($file);
    require $file . '/index.php';
    return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require ABSPATH . 'index.php';
