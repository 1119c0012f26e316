<?php
// Drives the test WordPress through its own PHP functions (wp-load.php), one action a run:
//   php wp_tool.php ACTION 'JSON arguments'      (ABSPATH and the site come from the environment)
// Prints the action's result as JSON. Used by real_wordpress.py; never by the product.

define('ABSPATH', rtrim(getenv('ADIVINA_WP_ROOT'), '/') . '/');
$_SERVER['HTTP_HOST'] = getenv('ADIVINA_WP_HOST');
$_SERVER['REQUEST_URI'] = '/';
$tool_action = $argv[1] ?? '';
$tool_args = json_decode($argv[2] ?? '{}', true) ?: [];

if ($tool_action === 'install') {
    define('WP_INSTALLING', true);
    require ABSPATH . 'wp-load.php';
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    $result = wp_install('Blog de pruebas', 'admin', 'admin@example.com', true, '', 'contraseña-de-prueba', 'es_ES');
    $url = 'http://' . getenv('ADIVINA_WP_HOST');
    update_option('siteurl', $url);
    update_option('home', $url);
    update_option('permalink_structure', '/%postname%/');
    update_option('timezone_string', 'Europe/Madrid');
    update_option('posts_per_page', 10);
    foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $sample) {
        wp_delete_post($sample->ID, true); // "Hello world!" and the sample page
    }
    echo json_encode(['user' => $result['user_id']]);
    exit;
}

require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
kses_remove_filters(); // the test's content is trusted: an iframe must stay an iframe
wp_set_current_user(1);

switch ($tool_action) {
case 'user': // {login, name} → id
    $id = wp_insert_user(['user_login' => $tool_args['login'], 'user_pass' => 'x-' . $tool_args['login'],
        'display_name' => $tool_args['name'], 'role' => 'author']);
    echo json_encode(['id' => $id]);
    break;
case 'category': // {name} → id
    $term = wp_insert_term($tool_args['name'], 'category');
    echo json_encode(['id' => $term['term_id']]);
    break;
case 'image': // {name, hue} → attachment id (a JPEG made with GD; WordPress makes its sizes)
    $upload = wp_upload_dir();
    $file = $upload['path'] . '/' . $tool_args['name'] . '.jpg';
    $image = imagecreatetruecolor(800, 500);
    $rgb = [($tool_args['hue'] * 7) % 256, ($tool_args['hue'] * 13) % 256, ($tool_args['hue'] * 29) % 256];
    imagefill($image, 0, 0, imagecolorallocate($image, $rgb[0], $rgb[1], $rgb[2]));
    imagejpeg($image, $file, 80);
    $id = wp_insert_attachment(['post_mime_type' => 'image/jpeg', 'post_title' => $tool_args['name'],
        'post_status' => 'inherit'], $file);
    wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $file));
    echo json_encode(['id' => $id]);
    break;
case 'posts': // {posts: [{title, content, excerpt, author, categories, date, image, password}]} → ids
    $ids = [];
    foreach ($tool_args['posts'] as $post) {
        $id = wp_insert_post(['post_title' => $post['title'], 'post_content' => $post['content'] ?? '',
            'post_excerpt' => $post['excerpt'] ?? '', 'post_author' => $post['author'],
            'post_category' => $post['categories'] ?? [], 'post_status' => 'publish',
            'post_date' => $post['date'], 'post_date_gmt' => get_gmt_from_date($post['date']),
            'post_password' => $post['password'] ?? ''], true);
        if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
        if (!empty($post['image'])) set_post_thumbnail($id, $post['image']);
        $ids[] = $id;
    }
    echo json_encode(['ids' => $ids]);
    break;
case 'trash': // {id}
    echo json_encode(['ok' => (bool) wp_trash_post($tool_args['id'])]);
    break;
case 'status': // {id, status}: draft, private, future…
    echo json_encode(['ok' => wp_update_post(['ID' => $tool_args['id'], 'post_status' => $tool_args['status']]) > 0]);
    break;
case 'rename_user': // {id, name}
    echo json_encode(['ok' => wp_update_user(['ID' => $tool_args['id'], 'display_name' => $tool_args['name']]) == $tool_args['id']]);
    break;
case 'rename_category': // {id, name}
    echo json_encode(['ok' => !is_wp_error(wp_update_term($tool_args['id'], 'category', ['name' => $tool_args['name']]))]);
    break;
case 'forget_user': // {id}: the user's row goes, their posts stay (as after a bad import or a direct DB edit)
    global $wpdb;
    $wpdb->delete($wpdb->usermeta, ['user_id' => $tool_args['id']]);
    $wpdb->delete($wpdb->users, ['ID' => $tool_args['id']]);
    clean_user_cache($tool_args['id']);
    echo json_encode(['ok' => true]);
    break;
case 'permalinks': // {structure}: '' for plain permalinks
    global $wp_rewrite;
    $wp_rewrite->set_permalink_structure($tool_args['structure']);
    flush_rewrite_rules();
    echo json_encode(['ok' => true]);
    break;
default:
    fwrite(STDERR, "unknown action $tool_action\n");
    exit(2);
}
